import type { Database } from '../../db/client.ts';
import type { Env } from './env.ts';

/** What every route can read from the context (`c.var`). */
export interface AppEnv {
  Variables: {
    db: Database;
    env: Env;
  };
}
