import { useRef, useState, type ComponentType } from 'react';
import type { LocationFieldProps } from './LocationField';

type Field = ComponentType<LocationFieldProps>;

/** The picker's code once loaded: a field shown again (the phone's sheet) needs no wait. */
let loadedField: Field | undefined;

/**
 * The town picker, loaded when a visitor first reaches it (focus, a tap, a key): until
 * then the same label and input stand in for it, and what is typed meanwhile is kept and
 * handed over with the focus (docs/decisions/0049). While the picker's code is on its way
 * the input says so.
 */
export function LazyLocationField(props: LocationFieldProps) {
  const [picker, setPicker] = useState<Field>();
  const [loading, setLoading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const typedBefore = useRef<LocationFieldProps['typedBefore']>(undefined);

  const Field = picker ?? loadedField;
  if (Field) {
    // Read from the stand-in as the picker replaces it, in the same task: a key typed
    // while the code was on its way is in the text, however late it came.
    const element = input.current;
    if (picker && element && !typedBefore.current) {
      const focused = document.activeElement === element;
      const { selectionStart: start, selectionEnd: end } = element;
      typedBefore.current = {
        text: element.value,
        focused,
        ...(focused &&
          start !== null &&
          end !== null &&
          start !== end && { selection: [start, end] }),
      };
    }
    return <Field {...props} {...(typedBefore.current && { typedBefore: typedBefore.current })} />;
  }

  const start = () => {
    if (loading) return;
    setLoading(true);
    void import('./LocationField').then(({ default: loaded }) => {
      loadedField = loaded;
      setPicker(() => loaded);
    });
  };
  return (
    <div className="relative">
      <label className="label text-sm font-medium text-base-content" htmlFor={props.id}>
        Location
      </label>
      <div className="relative">
        <input
          // A choice changed elsewhere (a chip removed, Back) shows in the stand-in too.
          key={props.valueName ?? ''}
          ref={input}
          id={props.id}
          type="text"
          role="combobox"
          className="input w-full pr-10"
          autoComplete="off"
          spellCheck={false}
          placeholder="All Locations"
          maxLength={60}
          aria-autocomplete="list"
          aria-expanded={false}
          aria-busy={loading || undefined}
          defaultValue={props.valueName ?? ''}
          onFocus={start}
          onPointerDown={start}
          onKeyDown={start}
        />
        <div className="absolute top-0 right-2 flex h-full items-center">
          {loading ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            props.value !== undefined && (
              <button
                type="button"
                className="btn btn-ghost btn-sm btn-circle"
                aria-label="Clear location"
                onClick={() => props.onSelect(null)}
              >
                <span aria-hidden="true">✕</span>
              </button>
            )
          )}
        </div>
      </div>
    </div>
  );
}
