import { useId, useRef, useState } from 'react';
import { PROFILE_LIMITS } from '../../../lib/schemas/provider-dashboard';
import { ChipsFieldset, type ListEditorProps } from './ChipsFieldset';
import { RemovableChips } from './RemovableChips';

/**
 * What the provider is known for: short texts as removable chips,
 * added one at a time (Enter or the Add button). The limits are the schema's; the
 * server checks them again.
 */
export function SpecialtiesEditor({
  specialties,
  onChange,
  error,
}: { specialties: readonly string[] } & ListEditorProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const full = specialties.length >= PROFILE_LIMITS.specialties;
  const add = () => {
    const specialty = text.trim().replace(/\s+/g, ' ');
    if (!specialty || full) return;
    if (!specialties.some((s) => s.toLowerCase() === specialty.toLowerCase())) {
      onChange([...specialties, specialty]);
      setAnnouncement(`${specialty} added`);
    }
    setText('');
    input.current?.focus();
  };
  return (
    <ChipsFieldset
      legend="Specialties"
      description={
        <>
          What you are known for, e.g. "Hikvision installs" or "Estate access control". Up to{' '}
          {PROFILE_LIMITS.specialties}, each at most {PROFILE_LIMITS.specialtyLength} characters.
        </>
      }
      error={error}
      announcement={announcement}
    >
      <RemovableChips
        label="Chosen specialties"
        items={specialties}
        emptyText="No specialties yet."
        onChange={onChange}
        announce={setAnnouncement}
        fallbackFocus={() => input.current?.focus()}
      />
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 max-w-xs flex-1">
          <label
            className="label text-sm font-medium text-base-content"
            htmlFor={`${id}-specialty`}
          >
            Add a specialty
          </label>
          <input
            id={`${id}-specialty`}
            ref={input}
            className="input w-full"
            value={text}
            maxLength={PROFILE_LIMITS.specialtyLength}
            disabled={full}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              // Enter adds the specialty rather than saving the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
        </div>
        <button type="button" className="btn btn-outline" onClick={add} disabled={full}>
          Add specialty
        </button>
      </div>
    </ChipsFieldset>
  );
}
