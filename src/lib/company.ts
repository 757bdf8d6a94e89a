/**
 * The company that operates the site: its legal name, registration
 * number, address, phone, e-mail and POPIA information officer, from one configuration,
 * PUBLIC_COMPANY_* read at build time (README, Configuration). The footer, /contact,
 * /privacy, /terms, the Organization JSON-LD and the mail footer all read it from here.
 *
 * A detail that is not configured reads as a placeholder that says so ("... not
 * configured"), never as an invented name or number, and is left out of the JSON-LD.
 */

/** The build-time variables, one per detail. */
export const COMPANY_VARIABLES = {
  legalName: 'PUBLIC_COMPANY_LEGAL_NAME',
  registrationNumber: 'PUBLIC_COMPANY_REGISTRATION_NUMBER',
  address: 'PUBLIC_COMPANY_ADDRESS',
  phone: 'PUBLIC_COMPANY_PHONE',
  email: 'PUBLIC_COMPANY_EMAIL',
  informationOfficer: 'PUBLIC_COMPANY_INFORMATION_OFFICER',
  informationOfficerEmail: 'PUBLIC_COMPANY_INFORMATION_OFFICER_EMAIL',
} as const;

export type CompanyDetail = keyof typeof COMPANY_VARIABLES;

/** What a reader sees for a detail that is not configured. */
export const COMPANY_PLACEHOLDERS: Record<CompanyDetail, string> = {
  legalName: 'Company name not configured',
  registrationNumber: 'Registration number not configured',
  address: 'Address not configured',
  phone: 'Phone number not configured',
  email: 'E-mail address not configured',
  informationOfficer: 'Information officer not configured',
  informationOfficerEmail: 'Information officer e-mail not configured',
};

export interface Company {
  /** The configured value of each detail, or undefined. */
  readonly configured: Readonly<Record<CompanyDetail, string | undefined>>;
  /** Each detail as shown: its value, or its placeholder. */
  readonly shown: Readonly<Record<CompanyDetail, string>>;
  /** Whether every detail is configured. */
  readonly complete: boolean;
}

/**
 * The company from an environment (Astro's import.meta.env for pages, process.env for
 * the API's mail): empty or blank values count as unset.
 */
export function companyFrom(env: Readonly<Record<string, unknown>>): Company {
  const configured = {} as Record<CompanyDetail, string | undefined>;
  const shown = {} as Record<CompanyDetail, string>;
  for (const [detail, variable] of Object.entries(COMPANY_VARIABLES) as [CompanyDetail, string][]) {
    const raw = env[variable];
    const value = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : undefined;
    configured[detail] = value;
    shown[detail] = value ?? COMPANY_PLACEHOLDERS[detail];
  }
  return {
    configured,
    shown,
    complete: Object.values(configured).every((value) => value !== undefined),
  };
}

/** The `tel:` link of a phone number as written (digits and a leading +). */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * The Organization JSON-LD of the site: only what is configured, so a placeholder is
 * never published as a fact.
 */
export function organizationJsonLd(
  company: Company,
  site: { name: string; url: string },
): Record<string, unknown> {
  const { legalName, registrationNumber, address, phone, email } = company.configured;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    url: site.url,
    ...(legalName ? { legalName } : {}),
    ...(registrationNumber
      ? {
          identifier: {
            '@type': 'PropertyValue',
            propertyID: 'CIPC registration number',
            value: registrationNumber,
          },
        }
      : {}),
    ...(address ? { address: { '@type': 'PostalAddress', streetAddress: address } } : {}),
    ...(phone ? { telephone: phone } : {}),
    ...(email ? { email } : {}),
  };
}

/** The company of this build (pages and islands; the API uses companyFrom(process.env)). */
export const COMPANY: Company = companyFrom(
  // Written out as import.meta.env, which Vite replaces in the build; undefined in the API
  // run by Node, which reads process.env through companyFromEnvironment instead.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
  import.meta.env ?? {},
);

/**
 * The price of Premium (paid placement, docs/decisions/0039-paid-placement.md), set by
 * the operator alongside the company's details: whole rand a month, read at build time.
 * /how-we-order states it, or that the operator sets it when it is unset.
 */
export const PREMIUM_PRICE_VARIABLE = 'PUBLIC_PREMIUM_MONTHLY_PRICE';

/**
 * Premium's monthly price in whole rand from an environment; undefined when unset or blank.
 * Anything but a whole number of rand (commas, a currency sign, cents) stops the build
 * with a message naming the variable, so no page states a price the operator did not mean.
 */
export function premiumPriceFrom(env: Readonly<Record<string, unknown>>): number | undefined {
  const raw = env[PREMIUM_PRICE_VARIABLE];
  const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  if (text === '') return undefined;
  const digits = text.replace(/\s/g, '');
  if (!/^\d{1,7}$/.test(digits)) {
    throw new Error(
      `${PREMIUM_PRICE_VARIABLE} must be Premium's price a month in whole rand, digits only (such as 450); it is "${text}"`,
    );
  }
  return Number(digits);
}

/**
 * Premium's monthly price for this build (pages), or undefined: set by the operator. Pure,
 * so that an island importing COMPANY does not carry it.
 */
export const PREMIUM_MONTHLY_PRICE: number | undefined = /* @__PURE__ */ premiumPriceFrom(
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- as COMPANY above
  import.meta.env ?? {},
);
