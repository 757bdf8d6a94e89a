/**
 * The one place that reads the environment. Parsed once at start; a bad value stops the
 * process with a message naming the variable. Empty strings count as unset.
 */
import { z } from 'zod';
import { companyFrom, type Company } from '../lib/company.ts';
import { companyConfigurationProblem, isLoopbackHost } from '../lib/production-site.ts';
import { newPassword } from '../lib/schemas/account.ts';
import { emailField } from '../lib/schemas/fields.ts';

/** scrypt's cost (log2 N) for new password hashes, as production uses it. */
export const PRODUCTION_PASSWORD_HASH_COST = 17;
const PasswordHashCost = z.coerce.number().int().min(10).max(PRODUCTION_PASSWORD_HASH_COST);

const EnvSchema = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Forces a driver; normally chosen from DATABASE_URL (docs/decisions/0004-database-drivers.md). */
  DATABASE_DRIVER: z.enum(['pglite', 'pg', 'neon']).optional(),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8888),
  HOST: z.string().trim().min(1).default('localhost'),
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For. */
  TRUST_PROXY: z.stringbool().default(false),
  /** Development mode (tokens in answers on loopback): only when asked for, by the dev scripts. */
  APP_ENV: z.enum(['development', 'production', 'test']).optional(),
  /** The site's one public origin: every link in mail, and the Origin check of cookie writes. */
  SITE_URL: z.url().optional(),
  /** smtp(s)://user:password@host:port; without it mail goes to DATA_DIR/mail/*.eml. */
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3)
    .default('Verified Providers <no-reply@verifiedproviders.co.za>'),
  /** Signs sessions (JWT, HS256); required in production, shared by every instance. */
  SESSION_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  /** Uploaded images go to this S3-compatible bucket; without it, to DATA_DIR/objects. */
  S3_BUCKET: z.string().trim().min(3).optional(),
  /** The most that uploads nobody has claimed may hold, all clients together (MB). */
  UNCLAIMED_UPLOADS_MAX_MB: z.coerce.number().int().min(1).default(1024),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /**
   * For S3-compatible services that take form (POST) uploads (radosgw, MinIO; not R2:
   * decision 0045); AWS S3 needs none.
   */
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  /** Without these the AWS SDK's default credential chain is used. */
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  ADMIN_EMAIL: z.optional(emailField()),
  ADMIN_PASSWORD: z.optional(newPassword),
  ADMIN_FIRST_NAME: z.string().trim().min(1).default('Site'),
  ADMIN_LAST_NAME: z.string().trim().min(1).default('Administrator'),
  /**
   * The largest deposit a quote may ask for, as a share of its total in percent (Consumer
   * Protection Act s17 allows a reasonable deposit; docs/decisions/0051).
   */
  QUOTE_DEPOSIT_CAP_PERCENT: z.coerce.number().int().min(0).max(100).default(50),
  /** Test suites only (see passwordHashCost): scrypt's cost, log2 N, for new hashes. */
  PASSWORD_HASH_COST: PasswordHashCost.optional(),
});

export type Env = Omit<z.infer<typeof EnvSchema>, 'SITE_URL'> & {
  /** 'development' only with APP_ENV=development; otherwise production (or test). */
  appEnv: 'development' | 'production' | 'test';
  /** SITE_URL's origin, or http://HOST:PORT while listening on loopback only. */
  SITE_URL: string;
  /** HOST is a loopback address: nobody else can reach the server. */
  loopbackOnly: boolean;
};

export { isLoopbackHost };

/**
 * Secrets (reset and set-password tokens) may travel in an HTTP answer only in
 * development mode on a server nobody else can reach (DESIGN.md, Modes).
 */
export const revealsTokens = (
  env: Pick<Env, 'appEnv' | 'loopbackOnly' | 'TRUST_PROXY' | 'SITE_URL'>,
) =>
  env.appEnv === 'development' &&
  env.loopbackOnly &&
  // A proxy or a tunnel (which connects to loopback) would hand the token to the world.
  !env.TRUST_PROXY &&
  isLoopbackHost(new URL(env.SITE_URL).hostname);

/**
 * The cost of new password hashes: PRODUCTION_PASSWORD_HASH_COST unless PASSWORD_HASH_COST
 * lowers it, which only the test suites may do (NODE_ENV=test, as Vitest sets it): at 2^10
 * a hash takes a millisecond instead of 0.3 s, and cracking one is as cheap. Anywhere else
 * the setting stops the process at start. Verifying reads the cost from the stored hash.
 */
export function passwordHashCost(source: Record<string, string | undefined> = process.env): number {
  const value = source.PASSWORD_HASH_COST?.trim();
  if (!value) return PRODUCTION_PASSWORD_HASH_COST;
  if (source.NODE_ENV !== 'test') {
    throw new Error(
      'Invalid environment configuration:\n  PASSWORD_HASH_COST is for the test suites only (NODE_ENV=test); unset it: outside tests passwords are hashed at full cost',
    );
  }
  const cost = PasswordHashCost.safeParse(value);
  if (!cost.success) {
    throw new Error(
      `Invalid environment configuration:\n  PASSWORD_HASH_COST: must be a whole number from 10 to ${PRODUCTION_PASSWORD_HASH_COST}`,
    );
  }
  return cost.data;
}

/**
 * `purpose: 'database'` is for the commands that only touch the database (migrate, seed,
 * admin:create, the build's pre-rendering): they send no mail and check no Origin, so
 * they do not need SITE_URL.
 */
export function parseEnv(
  source: Record<string, string | undefined> = process.env,
  { purpose = 'serve' }: { purpose?: 'serve' | 'database' } = {},
): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  const env = result.data;
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'Invalid environment configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  }
  passwordHashCost(source);
  const loopbackOnly = isLoopbackHost(env.HOST);
  if (purpose === 'serve' && !env.SITE_URL && (!loopbackOnly || env.DATABASE_URL)) {
    throw new Error(
      `Invalid environment configuration:\n  SITE_URL is required when ${
        loopbackOnly
          ? 'the database is a server (DATABASE_URL)'
          : `HOST=${env.HOST} listens beyond loopback`
      }: it is the one address put in links sent by mail, e.g. SITE_URL=https://verifiedproviders.co.za`,
    );
  }
  // A public site names its operator: no visitor reads "not configured" (decision 0043).
  const company = purpose === 'serve' ? companyConfigurationProblem(source) : undefined;
  if (company) throw new Error(`Invalid environment configuration:\n  ${company}`);
  return {
    ...env,
    appEnv: env.APP_ENV ?? 'production',
    // The address the browser uses on loopback: the Origin check compares with it exactly.
    SITE_URL: env.SITE_URL
      ? new URL(env.SITE_URL).origin
      : `http://${env.HOST.includes(':') && !env.HOST.startsWith('[') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`,
    loopbackOnly,
  };
}

/**
 * The operating company's details for mail (src/lib/company.ts): the same PUBLIC_COMPANY_*
 * variables the Astro build reads for the pages.
 */
export function companyFromEnvironment(
  source: Record<string, string | undefined> = process.env,
): Company {
  return companyFrom(source);
}
