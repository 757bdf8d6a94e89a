import { SERVICE_CATEGORIES } from '../../../lib/catalog/categories';
import type { LatLng } from '../../../lib/geo';
import {
  placeName,
  VERIFICATION_LABELS,
  VERIFICATIONS,
  type ProviderFilters,
} from '../../../lib/provider-filters';
import { Field } from '../../ui/Field';
import { Options } from '../../ui/Options';
import type { PlaceOption } from '../../ui/place-sources';
import { SelectField } from '../../ui/SelectField';
import { LazyLocationField } from './LazyLocationField';
import { SearchInput } from './SearchInput';

export interface FilterFieldsProps {
  /** Prefix of the fields' ids: the card and the phone's sheet each have their own. */
  idPrefix: string;
  filters: ProviderFilters;
  update: (change: Partial<ProviderFilters>) => void;
  /** A category page fixes the service: no service field. */
  serviceLocked: boolean;
  /** A town page fixes the town: no town field. */
  locationLocked: boolean;
  position: LatLng | undefined;
  /** Names of places the picker has shown, by value (for a place outside the catalog). */
  placeNames: ReadonlyMap<string, string>;
  onPlaceNamed: (place: PlaceOption) => void;
  /** In the phone's sheet the town list pushes the fields below down. */
  inSheet?: boolean;
  className?: string;
}

/** The listing's filters: service, town, verification and search, applied as they change. */
export function FilterFields({
  idPrefix,
  filters,
  update,
  serviceLocked,
  locationLocked,
  position,
  placeNames,
  onPlaceNamed,
  inSheet = false,
  className = '',
}: FilterFieldsProps) {
  const location = filters.location === 'all' ? undefined : filters.location;
  return (
    <div className={`grid gap-4 ${className}`}>
      {!serviceLocked && (
        <SelectField
          id={`${idPrefix}-service`}
          label="Service Type"
          value={filters.serviceType}
          onChange={(e) =>
            update({ serviceType: e.target.value as ProviderFilters['serviceType'] })
          }
        >
          <option value="all">All Services</option>
          <Options
            choices={SERVICE_CATEGORIES.map((c) => ({ value: c.id, label: c.filterLabel }))}
          />
        </SelectField>
      )}
      {!locationLocked && (
        <LazyLocationField
          id={`${idPrefix}-location`}
          value={location}
          valueName={location && placeName(location, placeNames)}
          position={position}
          inSheet={inSheet}
          onSelect={(place) => {
            if (place) onPlaceNamed(place);
            update({ location: place?.value ?? 'all' });
          }}
        />
      )}
      <SelectField
        id={`${idPrefix}-verification`}
        label="Verification"
        value={filters.verification}
        onChange={(e) =>
          update({ verification: e.target.value as ProviderFilters['verification'] })
        }
      >
        <Options
          choices={VERIFICATIONS.map((v) => ({ value: v, label: VERIFICATION_LABELS[v] }))}
        />
      </SelectField>
      <Field id={`${idPrefix}-search`} label="Search">
        <SearchInput
          id={`${idPrefix}-search`}
          value={filters.search}
          onChange={(search) => update({ search })}
        />
      </Field>
    </div>
  );
}
