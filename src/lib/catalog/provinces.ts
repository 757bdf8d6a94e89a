export const PROVINCE_IDS = [
  'gauteng',
  'western-cape',
  'kwazulu-natal',
  'eastern-cape',
  'free-state',
  'limpopo',
  'mpumalanga',
  'north-west',
  'northern-cape',
] as const;

export type ProvinceId = (typeof PROVINCE_IDS)[number];

export const PROVINCE_NAMES: Readonly<Record<ProvinceId, string>> = {
  gauteng: 'Gauteng',
  'western-cape': 'Western Cape',
  'kwazulu-natal': 'KwaZulu-Natal',
  'eastern-cape': 'Eastern Cape',
  'free-state': 'Free State',
  limpopo: 'Limpopo',
  mpumalanga: 'Mpumalanga',
  'north-west': 'North West',
  'northern-cape': 'Northern Cape',
};

export function isProvinceId(value: string): value is ProvinceId {
  return (PROVINCE_IDS as readonly string[]).includes(value);
}

/** A province's display name; an id the catalog does not know is shown as it is. */
export function provinceName(id: string): string {
  return isProvinceId(id) ? PROVINCE_NAMES[id] : id;
}
