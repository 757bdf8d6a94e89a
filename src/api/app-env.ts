import type { Database } from '../../db/client.ts';
import type { Company } from '../lib/company.ts';
import type { Env } from './env.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ObjectStore } from './storage/object-store.ts';

/** What every route can read from the context (`c.var`). */
export interface AppEnv {
  Variables: {
    db: Database;
    env: Env;
    objects: ObjectStore;
    mailer: Mailer;
    /** The operating company (PUBLIC_COMPANY_*): where messages to the operator go. */
    company: Company;
    logError: (error: unknown) => void;
    /** Signs and checks session tokens. */
    sessionSecret: Uint8Array;
    /** Set by the route's `changesPublicData` (http/cache.ts): its success purges the CDN. */
    changesPublicData?: true;
  };
}
