export const SERVICE_IDS = ['cctv', 'alarms', 'access', 'network', 'wifi', 'ndi'] as const;

export type ServiceId = (typeof SERVICE_IDS)[number];

export interface ServiceCategory {
  id: ServiceId;
  name: string;
  slug: string;
  /** Label of the option in the provider list's service filter (spec section 9). */
  filterLabel: string;
  icon: string;
  description: string;
}

export const SERVICE_CATEGORIES: readonly ServiceCategory[] = [
  {
    id: 'cctv',
    name: 'CCTV Installations & Repairs',
    slug: 'cctv-installations-repairs',
    filterLabel: 'CCTV & Security',
    icon: 'camera',
    description:
      'Design, installation and repair of analogue and IP camera systems for homes, estates and businesses: site surveys, night-vision and licence-plate cameras, NVR recording, remote viewing on your phone and maintenance of existing systems.',
  },
  {
    id: 'alarms',
    name: 'Alarm Systems',
    slug: 'alarm-systems',
    filterLabel: 'Alarm Systems',
    icon: 'shield',
    description:
      'Intruder alarms, beams and electric-fence energisers, installed and serviced, with panic buttons, app arming and links to your armed-response company so that an alarm brings help.',
  },
  {
    id: 'access',
    name: 'Access Control',
    slug: 'access-control',
    filterLabel: 'Access Control',
    icon: 'key',
    description:
      'Gate and door access for complexes, offices and schools: biometric and card readers, intercoms, boom gates, visitor management and time-and-attendance, with battery backup for load-shedding.',
  },
  {
    id: 'network',
    name: 'Network Infrastructure',
    slug: 'network-infrastructure',
    filterLabel: 'Network Infrastructure',
    icon: 'network',
    description:
      'Structured cabling (Cat6/Cat6A and fibre), server racks, switching, routing and firewalls, labelled and documented so that your office network is fast, tidy and easy to extend.',
  },
  {
    id: 'wifi',
    name: 'Wi-Fi & Internet Solutions',
    slug: 'wifi-internet-solutions',
    filterLabel: 'Wi-Fi & Internet',
    icon: 'wifi',
    description:
      'Whole-home and business Wi-Fi that reaches every room: heat-mapped access-point placement, mesh and point-to-point links, fibre and LTE failover, and guest networks kept apart from your own devices.',
  },
  {
    id: 'ndi',
    name: 'NDI Networks',
    slug: 'ndi-networks',
    filterLabel: 'NDI Networks',
    icon: 'broadcast',
    description:
      'Video-over-IP networks for broadcast, churches, schools and events using NDI: PTZ cameras, encoders, multicast-ready switching and live-production setups that carry many video feeds over one network.',
  },
];

export function isServiceId(value: string): value is ServiceId {
  return (SERVICE_IDS as readonly string[]).includes(value);
}

/** A service's display name; an id the catalog does not know is shown as it is. */
export function serviceName(id: string): string {
  return isServiceId(id) ? categoryById(id).name : id;
}

export function categoryById(id: ServiceId): ServiceCategory {
  const category = SERVICE_CATEGORIES.find((c) => c.id === id);
  if (!category) throw new Error(`Unknown service category: ${id}`);
  return category;
}
