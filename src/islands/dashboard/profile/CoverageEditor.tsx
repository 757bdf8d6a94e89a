import { useId, useState } from 'react';
import { townValue } from '../../../lib/catalog/town-value';
import { PROFILE_LIMITS } from '../../../lib/schemas/provider-dashboard';
import { PlaceCombobox } from '../../ui/PlaceCombobox';
import { ChipsFieldset, type ListEditorProps } from './ChipsFieldset';
import { coveragePlaceSource } from './coverage-places';
import { RemovableChips } from './RemovableChips';

/**
 * The towns a provider serves: the chosen towns as removable chips,
 * and a search of the places table (GET /api/places) to add one. The server checks each
 * town again (check-coverage-towns.ts); the location filter then finds the provider
 * there.
 */
export function CoverageEditor({
  towns,
  onChange,
  error,
}: { towns: readonly string[] } & ListEditorProps) {
  const id = useId();
  const inputId = `${id}-town`;
  // A new picker after each town added: it starts empty, ready for the next town.
  const [pickerKey, setPickerKey] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const full = towns.length >= PROFILE_LIMITS.coverageAreas;
  const focusPicker = () => document.getElementById(inputId)?.focus();
  const add = (town: string) => {
    if (towns.some((t) => townValue(t) === townValue(town))) {
      setAnnouncement(`${town} is already in your coverage areas`);
    } else {
      onChange([...towns, town]);
      setAnnouncement(`${town} added`);
    }
    setPickerKey((key) => key + 1);
    requestAnimationFrame(focusPicker);
  };
  return (
    <ChipsFieldset
      legend="Coverage areas"
      description={
        <>
          The towns and suburbs you serve: customers looking in these places find you.{' '}
          {towns.length} of {PROFILE_LIMITS.coverageAreas}.
        </>
      }
      error={error}
      announcement={announcement}
    >
      <RemovableChips
        label="Chosen coverage areas"
        items={towns}
        emptyText="No coverage areas yet: customers find you in your City/Area only."
        onChange={onChange}
        announce={setAnnouncement}
        fallbackFocus={focusPicker}
      />
      {full ? (
        <p className="text-sm">
          That is the most a profile lists ({PROFILE_LIMITS.coverageAreas}). Remove a town to add
          another.
        </p>
      ) : (
        <div className="max-w-sm">
          <PlaceCombobox
            key={pickerKey}
            id={inputId}
            label="Add a town or suburb"
            placeholder="Type a town, e.g. Sandton"
            value={undefined}
            valueName={undefined}
            source={coveragePlaceSource}
            onSelect={(place) => {
              if (place) add(place.name);
            }}
          />
        </div>
      )}
    </ChipsFieldset>
  );
}
