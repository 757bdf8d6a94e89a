/** The sample banner: each ad leads to the providers it speaks of (issue 16, point 6). */
export const SAMPLE_FLASH_ADS = [
  {
    title: 'Load-shedding ready security',
    subtitle: 'Battery-backed alarms and cameras from verified installers near you',
    linkUrl: '/providers?serviceType=alarms',
    priority: 1,
    displayDuration: 5000,
  },
  {
    title: 'Office Wi-Fi that reaches every desk',
    subtitle: 'Get a free site survey from a verified network specialist',
    linkUrl: '/providers?serviceType=wifi',
    priority: 2,
    displayDuration: 4000,
  },
] as const;
