/**
 * Whose domain is whose: a customer writing from `@ubuntu-security.co.za` about Ubuntu
 * Security is likely its own staff; one writing from `@gmail.com` about a provider whose
 * address is also at Gmail is not. So a domain counts as a provider's own only when it is
 * not a mail service that anyone may use: the well-known ones here, and any domain on
 * which several provider accounts have their addresses (a local ISP's, say).
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Queryable } from '../../../db/client.ts';
import { serviceProviders } from '../../../db/schema.ts';

/** Mail services anyone may sign up to, worldwide and in South Africa. */
const MAIL_SERVICES = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.za',
  'live.com',
  'live.co.za',
  'msn.com',
  'yahoo.com',
  'yahoo.co.za',
  'ymail.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.net',
  'zoho.com',
  'mweb.co.za',
  'telkomsa.net',
  'vodamail.co.za',
  'webmail.co.za',
  'afrihost.co.za',
  'iafrica.com',
  'lantic.net',
  'absamail.co.za',
]);

/** Provider accounts on one domain that make it a shared mail service, not a business's. */
const SHARED_BY_PROVIDERS = 3;

/** Whether anyone may have an address at `domain` (lower case). */
export async function isMailService(db: Queryable, domain: string): Promise<boolean> {
  if (MAIL_SERVICES.has(domain)) return true;
  const [shared] = await selectRows<{ providers: number }>(
    db,
    sql`SELECT count(*)::int AS providers FROM ${serviceProviders}
         WHERE lower(split_part(${serviceProviders.email}, '@', 2)) = ${domain}`,
  );
  return (shared?.providers ?? 0) >= SHARED_BY_PROVIDERS;
}

/** The domain of a provider's website ('https://www.acme.co.za/x' → 'acme.co.za'). */
export function domainOfWebsite(website: string | null): string | undefined {
  if (!website) return undefined;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `https://${website}`);
    return url.hostname.toLowerCase().replace(/^www\./, '') || undefined;
  } catch {
    return undefined;
  }
}
