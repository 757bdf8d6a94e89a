/** What a message written through /contact is about: the desk reads the topic first. */
export const CONTACT_TOPICS = [
  { value: 'service-request', label: 'A service request I sent' },
  { value: 'provider', label: 'A provider on the site' },
  { value: 'finding-a-provider', label: 'Help finding a provider' },
  { value: 'joining', label: 'Listing my business' },
  { value: 'privacy', label: 'My personal information (privacy)' },
  { value: 'other', label: 'Something else' },
] as const;

export type ContactTopic = (typeof CONTACT_TOPICS)[number]['value'];

export const CONTACT_TOPIC_VALUES = CONTACT_TOPICS.map((topic) => topic.value) as [
  ContactTopic,
  ...ContactTopic[],
];

/** The contact form's limits (the schema's, schemas/contact-message.ts; here for the form). */
export const CONTACT_LIMITS = { name: 100, message: 4000, messageMin: 10 } as const;

export const topicLabel = (topic: string): string =>
  CONTACT_TOPICS.find((t) => t.value === topic)?.label ?? topic;
