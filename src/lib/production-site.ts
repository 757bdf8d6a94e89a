/**
 * Whether a build or a start is of the public site, and what such a site may not lack: the
 * operating company's legal name, address and e-mail (src/lib/company.ts), so that no
 * visitor reads "... not configured" where they belong (decision 0043). Read by the
 * server's configuration (src/api/env.ts) and by the Astro build (astro.config.mjs);
 * locally the placeholders stay, with a warning at start.
 */
import { COMPANY_VARIABLES, companyFrom, type CompanyDetail } from './company.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '::1', '[::1]']);

/** A loopback address or name: nobody else can reach a server there. */
export const isLoopbackHost = (host: string) =>
  LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);

/** The details a production site must configure. */
export const REQUIRED_COMPANY_DETAILS: readonly CompanyDetail[] = ['legalName', 'address', 'email'];

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Why this environment is a production site, or undefined for a local one: SITE_URL
 * beyond loopback, or Netlify's production context (CONTEXT=production, set by Netlify's
 * builds of the production branch).
 */
export function productionReason(env: Environment): string | undefined {
  const siteUrl = env['SITE_URL']?.trim();
  if (siteUrl) {
    let hostname: string | undefined;
    try {
      hostname = new URL(siteUrl).hostname;
    } catch {
      hostname = undefined;
    }
    if (hostname !== undefined && !isLoopbackHost(hostname)) {
      return `SITE_URL=${siteUrl} is not on loopback`;
    }
  }
  if (env['CONTEXT']?.trim() === 'production')
    return "Netlify's production context, CONTEXT=production";
  return undefined;
}

/** The variables a production site lacks, by name (none for a local one). */
export function missingCompanyVariables(env: Environment): string[] {
  if (productionReason(env) === undefined) return [];
  const { configured } = companyFrom(env);
  return REQUIRED_COMPANY_DETAILS.filter((detail) => configured[detail] === undefined).map(
    (detail) => COMPANY_VARIABLES[detail],
  );
}

/** What stops a production build or start without the company, or undefined. */
export function companyConfigurationProblem(env: Environment): string | undefined {
  const missing = missingCompanyVariables(env);
  if (missing.length === 0) return undefined;
  const names =
    missing.length === 1
      ? missing[0]
      : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1) ?? ''}`;
  return `${names} ${missing.length === 1 ? 'is' : 'are'} required for a production site (${productionReason(env) ?? ''}): the footer, /contact, /privacy, /terms and every mail name the operating company, and the contact form mails its e-mail address. Set ${missing.length === 1 ? 'it' : 'them'} (README, Configuration), or build and start a local site on a loopback SITE_URL.`;
}
