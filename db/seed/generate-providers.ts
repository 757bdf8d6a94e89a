/**
 * Deterministic synthetic providers: the same index always gives the same provider, so
 * seeds and benchmarks are repeatable. Spread over every major town of the places data
 * (decision 0033), in their order, mixing verified, premium and unapproved providers so
 * that every filter shows something, and providers listed long ago with ones that are new.
 */
import { SERVICE_IDS, type ServiceId } from '../../src/lib/catalog/categories.ts';
import { DEFAULT_BUSINESS_HOURS } from '../../src/lib/catalog/enquiry-options.ts';
import { majorTowns } from '../places/places-file.ts';
import type { CheckPlan } from './check-records.ts';
import { reviewedAndListed, type ProviderSeed } from './provider-seed.ts';
import { generatedReviews } from './sample-reviews.ts';
import { seededRandom } from './seeded-random.ts';

const NAME_WORDS = [
  'Secure',
  'Guardian',
  'Apex',
  'Summit',
  'Vigilant',
  'Sentinel',
  'Bright',
  'Signal',
  'Fortress',
  'Eagle Eye',
  'Trusted',
  'Shield',
  'Pinnacle',
  'Clearview',
  'Linkup',
  'Beacon',
];
const NAME_SUFFIXES: Record<ServiceId, string> = {
  cctv: 'CCTV',
  alarms: 'Alarms',
  access: 'Access Control',
  network: 'Networks',
  wifi: 'Wi-Fi',
  ndi: 'AV over IP',
};
const SPECIALTIES: Record<ServiceId, readonly string[]> = {
  cctv: [
    'Hikvision IP cameras',
    'Dahua NVR systems',
    'Licence plate recognition',
    'Remote viewing setup',
  ],
  alarms: [
    'Paradox alarm panels',
    'IDS alarm systems',
    'Outdoor beams',
    'Electric fence energisers',
  ],
  access: ['Biometric readers', 'Boom gates', 'Intercom systems', 'Visitor management'],
  network: ['Cat6A structured cabling', 'Fibre splicing', 'Server racks', 'Firewall configuration'],
  wifi: ['Ubiquiti UniFi', 'MikroTik point-to-point links', 'Mesh Wi-Fi', 'LTE failover'],
  ndi: ['NDI PTZ cameras', 'vMix live production', 'Multicast switching', 'Church streaming'],
};
const SERVICE_PHRASES: Record<ServiceId, string> = {
  cctv: 'camera systems',
  alarms: 'alarm systems',
  access: 'access control',
  network: 'network cabling and switching',
  wifi: 'Wi-Fi coverage',
  ndi: 'NDI video-over-IP production',
};

function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`No item at ${index}`);
  return item;
}

export function generateProvider(index: number): ProviderSeed {
  const next = seededRandom(index);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

  const towns = majorTowns();
  const town = itemAt(towns, index % towns.length);
  const serviceCount = 1 + Math.floor(next() * 3);
  const services = [...SERVICE_IDS].sort(() => next() - 0.5).slice(0, serviceCount);
  const main = itemAt(services, 0);
  const name = `${pick(NAME_WORDS)} ${NAME_SUFFIXES[main]} ${town.name}`;
  const nearby = towns
    .filter((t) => t.province === town.province && t.value !== town.value)
    .slice(0, 2)
    .map((t) => t.name);
  const jitter = () => (next() - 0.5) * 0.08; // within about 4 km of the town centre
  const isApproved = next() < 0.85;
  const verified = next() < 0.6;
  const checks: CheckPlan = verified
    ? index % 10 === 3
      ? 'expiring'
      : 'verified'
    : index % 2 === 0
      ? 'pending'
      : 'unchecked';
  const website = next() < 0.4 ? `https://provider-${index + 1}.example.com` : undefined;

  const provider: Omit<ProviderSeed, 'listedDaysAgo'> = {
    name,
    description: `${town.name}-based team installing and maintaining ${services
      .map((s) => SERVICE_PHRASES[s])
      .join(', ')} for homes and businesses in ${town.name} and surrounds.`,
    location: town.name,
    province: town.province,
    latitude: (town.latitude + jitter()).toFixed(7),
    longitude: (town.longitude + jitter()).toFixed(7),
    services,
    specialties: services.flatMap((s) => SPECIALTIES[s].slice(0, 2)),
    coverageAreas: [town.name, ...nearby],
    businessHours: { ...DEFAULT_BUSINESS_HOURS },
    startingPrice: 500 + Math.floor(next() * 60) * 100,
    reviews: generatedReviews(index, services, next(), next()),
    checks,
    ...(index % 4 === 1 ? { legalForm: 'sole_trader' as const } : {}),
    isPremium: verified && next() < 0.25,
    isApproved,
    phone: `+2710${String(1000000 + index).slice(-7)}`,
    email: `provider-${index + 1}@example.com`,
    ...(website ? { website } : {}),
    yearsExperience: 1 + Math.floor(next() * 25),
  };
  // Listed before its first request: up to about 16 months more, so some are new on the
  // platform and some listed long ago have had no request yet.
  return { ...provider, ...reviewedAndListed(provider.reviews, Math.floor(next() * 480)) };
}
