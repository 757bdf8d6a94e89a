import { useId, useRef, useState, type ReactNode } from 'react';

export interface Tab {
  id: string;
  label: string;
  content: ReactNode;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs. */
export function Tabs({
  tabs,
  label,
  initial,
}: {
  tabs: Tab[];
  label: string;
  /** The tab open at first (a link may name one); the first tab otherwise. */
  initial?: string | undefined;
}) {
  const [active, setActive] = useState(
    tabs.some((tab) => tab.id === initial) ? (initial ?? '') : (tabs[0]?.id ?? ''),
  );
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const focus = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setActive(tab.id);
    refs.current[(index + tabs.length) % tabs.length]?.focus();
  };

  return (
    <div>
      <div
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
