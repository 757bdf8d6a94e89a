/**
 * Every table, and how its rows relate to a person (docs/decisions/0052). The privacy
 * centre gathers what is held about an address from this map alone, and
 * tests/api/personal-data-map.test.ts fails when a table of the database has no entry,
 * so a table added later must say here whether it holds personal data and how it is found.
 *
 * - `email`: the row names the person by an address in these columns (compared by
 *   mailbox, mailbox_of() in db/sql/columns.sql: the Gmail dots and +tags of one mailbox);
 * - `via`: the row belongs to a row of `parent` that is the person's (column → parent.id);
 * - `mail`: an outbox row whose message is to the address, or names one of the
 *   person's requests by its reference;
 * - `counter`: a rate-limit counter whose key ends in the address;
 * - `mailbox-hash`: the row holds only the SHA-256 of the address's mailbox;
 * - `nothing`: the table holds no personal data (why).
 */
export type Relation =
  | { by: 'email'; columns: readonly string[] }
  | { by: 'via'; parent: string; column: string }
  | { by: 'mail' }
  | { by: 'counter' }
  | { by: 'mailbox-hash'; column: string }
  | { by: 'nothing'; why: string };

export interface TableEntry {
  /** How a row is found to be someone's; a table may be reached more than one way. */
  relations: readonly Relation[];
  /**
   * Columns never put in a download, with why: secrets that would let someone act as the
   * person (or as us) if the file went astray.
   */
  withheld?: readonly string[];
}

const SECRETS = ['password_hash', 'token_hash', 'status_token_hash', 'token_version'] as const;

/** A row that names the person by its `email` column. */
const BY_EMAIL = { by: 'email', columns: ['email'] } as const;
/** A row of one of the person's requests (a copy of it: enquiry_id). */
const OF_REQUEST = { by: 'via', parent: 'customer_enquiries', column: 'enquiry_id' } as const;
/** A row of the person's provider account (provider_id). */
const OF_PROVIDER = { by: 'via', parent: 'service_providers', column: 'provider_id' } as const;

export const PERSONAL_DATA_MAP = {
  customer_enquiries: {
    relations: [{ by: 'email', columns: ['customer_email'] }],
    withheld: SECRETS,
  },
  enquiry_events: { relations: [OF_REQUEST] },
  enquiry_assignments: { relations: [OF_REQUEST] },
  enquiry_photos: { relations: [OF_REQUEST] },
  request_status_links: {
    relations: [OF_REQUEST],
    withheld: SECRETS,
  },
  reviews: { relations: [OF_REQUEST] },
  // The conversation of a request (docs/decisions/0050) and the files sent with it.
  request_messages: { relations: [OF_REQUEST] },
  request_message_files: {
    relations: [{ by: 'via', parent: 'request_messages', column: 'message_id' }],
  },
  // Quotes and the agreed job (docs/decisions/0051): each provider's answer on a copy of
  // the customer's request, with its lines, the job, its variations and any dispute.
  quotes: { relations: [OF_REQUEST] },
  quote_lines: {
    relations: [
      { by: 'via', parent: 'quotes', column: 'quote_id' },
      { by: 'via', parent: 'job_variations', column: 'variation_id' },
    ],
  },
  quote_preparation_fees: { relations: [OF_REQUEST] },
  jobs: { relations: [OF_REQUEST] },
  job_variations: { relations: [{ by: 'via', parent: 'jobs', column: 'job_id' }] },
  contact_messages: { relations: [BY_EMAIL] },
  privacy_links: { relations: [BY_EMAIL], withheld: SECRETS },
  consents: { relations: [BY_EMAIL] },
  // Requests to the information officer and the answers (docs/decisions/0053).
  privacy_cases: { relations: [BY_EMAIL] },
  privacy_objections: { relations: [{ by: 'mailbox-hash', column: 'mailbox_hash' }] },
  outbox: { relations: [{ by: 'mail' }] },
  rate_limits: { relations: [{ by: 'counter' }] },

  // A provider's, an applicant's and a team member's own records.
  service_providers: { relations: [BY_EMAIL], withheld: SECRETS },
  provider_applications: { relations: [BY_EMAIL, OF_PROVIDER] },
  application_confirmation_links: {
    relations: [{ by: 'via', parent: 'provider_applications', column: 'application_id' }],
    withheld: SECRETS,
  },
  provider_checks: { relations: [OF_PROVIDER] },
  evidence_documents: {
    relations: [
      OF_PROVIDER,
      { by: 'via', parent: 'provider_applications', column: 'application_id' },
    ],
  },
  // Who in our team looked (docs/decisions/0053): by the request or the provider looked at,
  // and a team member's own record of looking.
  access_log: {
    relations: [OF_REQUEST, OF_PROVIDER, { by: 'via', parent: 'admin_users', column: 'admin_id' }],
  },
  document_views: {
    relations: [{ by: 'via', parent: 'evidence_documents', column: 'document_id' }],
  },
  provider_work_photos: { relations: [OF_PROVIDER] },
  provider_sign_ins: { relations: [OF_PROVIDER] },
  password_tokens: {
    relations: [OF_PROVIDER, { by: 'via', parent: 'admin_users', column: 'admin_id' }],
    withheld: SECRETS,
  },
  admin_users: { relations: [BY_EMAIL], withheld: SECRETS },

  // No personal data.
  service_categories: { relations: [{ by: 'nothing', why: 'the catalogue of services' }] },
  places: { relations: [{ by: 'nothing', why: 'towns and suburbs from GeoNames' }] },
  place_names: { relations: [{ by: 'nothing', why: 'the names of places' }] },
  flash_ads: {
    relations: [{ by: 'nothing', why: 'banners on the home page; only a team member’s id' }],
  },
  search_words: {
    relations: [{ by: 'nothing', why: 'single words of the providers’ business texts' }],
  },
  provider_counts: { relations: [{ by: 'nothing', why: 'counts of listed providers' }] },
  upload_tickets: {
    relations: [
      {
        by: 'nothing',
        why: 'single-use upload addresses: a size, a type and an account id, gone within a day',
      },
    ],
  },
} as const satisfies Record<string, TableEntry>;

export type TableName = keyof typeof PERSONAL_DATA_MAP;

export const mappedTables = Object.keys(PERSONAL_DATA_MAP) as TableName[];
