import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { PlaceOption, PlaceSource } from './place-sources';

/** What the stand-in input held as the picker replaced it. */
export interface TypedBefore {
  text: string;
  focused: boolean;
  /** The selection in the text, if any was made. */
  selection?: readonly [number, number];
}

export interface PlaceComboboxProps {
  /** The input's id (its label points at it). */
  id: string;
  label: string;
  /** The chosen place's value, undefined for none. */
  value: string | undefined;
  /** The chosen place's name, shown in the input while the visitor is not typing. */
  valueName: string | undefined;
  onSelect: (place: PlaceOption | null) => void;
  source: PlaceSource;
  /** Offered before anything is typed (e.g. the towns nearest the visitor). */
  suggestions?: readonly PlaceOption[];
  /** What the suggestions are, said above them ("Nearest towns"). */
  suggestionsLabel?: string;
  placeholder?: string;
  /** The most places listed for a query. */
  limit?: number;
  /**
   * 'overlay' (default) floats the list over what follows; 'inline' pushes it down, for a
   * phone's sheet where a floating list would hide under its footer.
   */
  popup?: 'overlay' | 'inline';
  /**
   * Text typed before the picker's code had loaded (LocationField's stand-in input): it
   * is taken as typed, and the input keeps the focus it had.
   */
  typedBefore?: TypedBefore;
}

type Lookup =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; options: PlaceOption[] }
  | { status: 'failed' };

/** Typing pauses this long before the source is asked (one call per pause, not per key). */
const TYPING_PAUSE_MS = 150;

/**
 * A searchable place picker on the WAI-ARIA combobox pattern (list autocomplete, no
 * automatic selection): an input with role=combobox that owns a listbox; Down and Up move
 * through the options (aria-activedescendant, focus stays in the input), Enter picks,
 * Escape closes and puts back the chosen name; the number of matches is announced.
 * Emptying the input and leaving it (or pressing Enter) clears the choice.
 */
export function PlaceCombobox({
  id,
  label,
  value,
  valueName,
  onSelect,
  source,
  suggestions = [],
  suggestionsLabel = 'Suggestions',
  placeholder,
  limit = 8,
  popup = 'overlay',
  typedBefore,
}: PlaceComboboxProps) {
  const listId = `${id}-places`;
  const early = typedBefore !== undefined && typedBefore.text !== (valueName ?? '');
  const [text, setText] = useState(early ? typedBefore.text : (valueName ?? ''));
  const [typed, setTyped] = useState(early);
  const [open, setOpen] = useState(typedBefore?.focused ?? false);
  const [active, setActive] = useState(-1);
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const input = useRef<HTMLInputElement>(null);

  // The choice changed elsewhere (a chip removed, Back): the input shows it.
  const shown = useRef({ value, valueName });
  useEffect(() => {
    if (shown.current.value === value && shown.current.valueName === valueName) return;
    shown.current = { value, valueName };
    setText(valueName ?? '');
    setTyped(false);
  }, [value, valueName]);

  // Typed before the code came: the focus stays in the input, at the end of the text.
  // Moved in the same task as the stand-in goes, so that no key falls between the two.
  useLayoutEffect(() => {
    if (!typedBefore?.focused || !input.current) return;
    input.current.focus();
    const end = input.current.value.length;
    // A selection made before (all of it, to type over) is kept, so the next key replaces it.
    input.current.setSelectionRange(
      typedBefore.selection?.[0] ?? end,
      typedBefore.selection?.[1] ?? end,
    );
    // Only as the picker first shows.
  }, []);

  const query = typed ? text.trim() : '';
  useEffect(() => {
    if (!query) {
      setLookup({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setLookup((current) => (current.status === 'done' ? current : { status: 'loading' }));
    const timer = window.setTimeout(() => {
      source(query, limit, controller.signal).then(
        (options) => {
          if (!controller.signal.aborted) setLookup({ status: 'done', options });
        },
        () => {
          if (!controller.signal.aborted) setLookup({ status: 'failed' });
        },
      );
    }, TYPING_PAUSE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, limit, source]);

  const options: readonly PlaceOption[] = query
    ? lookup.status === 'done'
      ? lookup.options
      : []
    : suggestions;
  const expanded = open && (options.length > 0 || query !== '');
  const activeOption = expanded && active >= 0 ? options[active] : undefined;
  const optionId = (index: number) => `${id}-place-${index}`;

  useEffect(() => {
    if (activeOption)
      document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [activeOption, active]);

  const choose = (place: PlaceOption | null) => {
    setOpen(false);
    setActive(-1);
    setTyped(false);
    setText(place?.name ?? '');
    if ((place?.value ?? undefined) !== value) onSelect(place);
  };

  /** Leaves the input as the choice it shows: emptied means none, else the chosen name. */
  const settle = () => {
    setOpen(false);
    setActive(-1);
    if (text.trim() === '') {
      if (value !== undefined) onSelect(null);
    } else {
      setText(valueName ?? '');
    }
    setTyped(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open || event.altKey) {
          setOpen(true);
          if (!event.altKey && count > 0) setActive(0);
        } else if (count > 0) setActive((active + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        if (count > 0) setActive(active <= 0 ? count - 1 : active - 1);
        break;
      case 'Enter':
        // Never submits the surrounding form.
        event.preventDefault();
        if (activeOption) choose(activeOption);
        else if (query && options[0]) choose(options[0]);
        else if (text.trim() === '') choose(null);
        break;
      case 'Escape':
        if (open) {
          // Closes the listbox only, not a dialog the picker sits in.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
          setText(valueName ?? '');
          setTyped(false);
        }
        break;
    }
  };

  const resultWords =
    lookup.status === 'done'
      ? lookup.options.length === 0
        ? `No place matches “${query}”`
        : `${lookup.options.length} ${lookup.options.length === 1 ? 'place' : 'places'} found`
      : '';

  return (
    <div className="relative">
      <label className="label text-sm font-medium text-base-content" htmlFor={id}>
        {label}
      </label>
      <div className="relative">
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          className="input w-full pr-10"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          maxLength={60}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(active) : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setTyped(true);
            setOpen(true);
            setActive(-1);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={settle}
        />
        <div className="absolute top-0 right-2 flex h-full items-center">
          {value !== undefined && (
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-circle"
              aria-label={`Clear ${label.toLowerCase()}`}
              // Keeps the input's focus (no blur that would put the name back first).
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                choose(null);
                input.current?.focus();
              }}
            >
              <span aria-hidden="true">✕</span>
            </button>
          )}
        </div>
      </div>
      <div
        className={`${popup === 'overlay' ? 'absolute z-10' : ''} mt-1 w-full overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-lg ${expanded ? '' : 'hidden'}`}
      >
        {!query && suggestions.length > 0 && (
          <p aria-hidden="true" className="px-3 py-1 text-xs font-semibold uppercase">
            {suggestionsLabel}
          </p>
        )}
        <ul
          id={listId}
          role="listbox"
          aria-label={query ? `${label}: places matching ${query}` : suggestionsLabel}
          className={`py-1 ${options.length === 0 ? 'hidden' : ''}`}
        >
          {options.map((place, index) => (
            <li
              key={place.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 ${index === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(place)}
            >
              <span>
                {place.value === value && <span aria-hidden="true">✓ </span>}
                {place.name}
              </span>
              {place.detail && <span className="text-sm">{place.detail}</span>}
            </li>
          ))}
        </ul>
        {query && lookup.status !== 'done' && (
          <p className="px-3 py-2 text-sm">
            {lookup.status === 'failed' ? 'Couldn’t look up places. Try again.' : 'Searching…'}
          </p>
        )}
        {query && lookup.status === 'done' && lookup.options.length === 0 && (
          <p className="px-3 py-2 text-sm">{resultWords}</p>
        )}
      </div>
      <p className="sr-only" role="status">
        {expanded && query ? resultWords : ''}
      </p>
    </div>
  );
}
