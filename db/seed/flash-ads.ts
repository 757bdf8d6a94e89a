/**
 * The sample banner: each ad leads to the providers it speaks of: the
 * verified ones, as it says.
 */
export const SAMPLE_FLASH_ADS = [
  {
    title: 'Load-shedding ready security',
    subtitle: 'Battery-backed alarms and cameras from verified installers near you',
    linkUrl: '/providers?serviceType=alarms&verification=verified',
    priority: 1,
    displayDuration: 5000,
  },
  {
    title: 'Office Wi-Fi that reaches every desk',
    subtitle: 'Ask a verified network specialist for a site survey',
    linkUrl: '/providers?serviceType=wifi&verification=verified',
    priority: 2,
    displayDuration: 4000,
  },
] as const;
