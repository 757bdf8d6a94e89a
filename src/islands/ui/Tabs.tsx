import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface Tab {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs. When the tabs are wider than
 * their place (a phone), the list scrolls sideways with a fade and an arrow on the side
 * that has more, and the open tab is scrolled into view.
 */
export function Tabs({
  tabs,
  label,
  initial,
  selected,
  onSelect,
}: {
  tabs: Tab[];
  label: string;
  /** The tab open at first (a link may name one); the first tab otherwise. */
  initial?: string | undefined;
  /** The open tab when the parent chooses it (a "Request" button elsewhere). */
  selected?: string | undefined;
  onSelect?: (id: string) => void;
}) {
  const [own, setOwn] = useState(
    tabs.some((tab) => tab.id === initial) ? (initial ?? '') : (tabs[0]?.id ?? ''),
  );
  const active = selected !== undefined && tabs.some((t) => t.id === selected) ? selected : own;
  const setActive = (id: string) => {
    setOwn(id);
    onSelect?.(id);
  };
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const list = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const measure = () => {
      const before = element.scrollLeft > 1;
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setMore((m) => (m.before === before && m.after === after ? m : { before, after }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);

  useEffect(() => {
    const element = list.current;
    const tab = refs.current[tabs.findIndex((t) => t.id === active)];
    if (!element || !tab || element.scrollWidth <= element.clientWidth) return;
    // Only the list scrolls (scrollIntoView would move the page or the dialog too).
    const left = tab.offsetLeft - element.offsetLeft;
    if (left < element.scrollLeft) element.scrollLeft = left - 24;
    else if (left + tab.offsetWidth > element.scrollLeft + element.clientWidth)
      element.scrollLeft = left + tab.offsetWidth - element.clientWidth + 24;
  }, [active]);

  const focus = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setActive(tab.id);
    refs.current[(index + tabs.length) % tabs.length]?.focus();
  };

  return (
    <div>
      <div className="relative">
        <div
          ref={list}
          role="tablist"
          aria-label={label}
          className="tabs tabs-border flex-nowrap overflow-x-auto"
        >
          {tabs.map((tab, index) => (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={active === tab.id}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={active === tab.id ? 0 : -1}
              className={`tab shrink-0 whitespace-nowrap ${active === tab.id ? 'tab-active font-semibold' : 'text-base-content/80!'}`}
              onClick={() => setActive(tab.id)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowRight') focus(index + 1);
                else if (event.key === 'ArrowLeft') focus(index - 1);
                else if (event.key === 'Home') focus(0);
                else if (event.key === 'End') focus(tabs.length - 1);
                else return;
                event.preventDefault();
              }}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {more.before && (
          <span
            aria-hidden="true"
            data-testid="tabs-more-before"
            className="pointer-events-none absolute top-0 left-0 flex h-full items-center bg-base-100 px-3 text-lg font-bold shadow-md"
          >
            ‹
          </span>
        )}
        {more.after && (
          <span
            aria-hidden="true"
            data-testid="tabs-more-after"
            className="pointer-events-none absolute top-0 right-0 flex h-full items-center bg-base-100 px-3 text-lg font-bold shadow-md"
          >
            ›
          </span>
        )}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={active !== tab.id}
          tabIndex={0}
          className="pt-5 focus:outline-none"
        >
          {active === tab.id && tab.content}
        </div>
      ))}
    </div>
  );
}
