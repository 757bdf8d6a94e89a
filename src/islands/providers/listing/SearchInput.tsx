import { useEffect, useRef, useState } from 'react';

/** The search box: applied after a pause in typing, or at once on Enter. */
export function SearchInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const timer = useRef(0);
  /** A term typed but not applied yet. */
  const pending = useRef<string | null>(null);
  const apply = useRef(onChange);
  apply.current = onChange;
  useEffect(() => setDraft(value), [value]);
  // The filter sheet closed during the pause: the term still applies.
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      if (pending.current !== null) apply.current(pending.current);
    },
    [],
  );
  const applyNow = (term: string) => {
    window.clearTimeout(timer.current);
    pending.current = null;
    apply.current(term);
  };
  return (
    <input
      id={id}
      type="search"
      className="input w-full"
      placeholder="Name, service or town"
      maxLength={100}
      value={draft}
      onChange={(event) => {
        const next = event.target.value;
        setDraft(next);
        pending.current = next;
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => applyNow(next), 350);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') applyNow(draft);
      }}
    />
  );
}
