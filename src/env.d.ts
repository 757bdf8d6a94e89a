/// <reference types="astro/client" />

/** Build-time settings the browser code reads (README, Configuration). */
interface ImportMetaEnv {
  readonly PUBLIC_WHATSAPP_NUMBER?: string;
  /** The operating company's details (src/lib/company.ts). */
  readonly PUBLIC_COMPANY_LEGAL_NAME?: string;
  readonly PUBLIC_COMPANY_REGISTRATION_NUMBER?: string;
  readonly PUBLIC_COMPANY_ADDRESS?: string;
  readonly PUBLIC_COMPANY_PHONE?: string;
  readonly PUBLIC_COMPANY_EMAIL?: string;
  readonly PUBLIC_COMPANY_INFORMATION_OFFICER?: string;
  readonly PUBLIC_COMPANY_INFORMATION_OFFICER_EMAIL?: string;
  /** Premium's price a month in whole rand (src/lib/company.ts). */
  readonly PUBLIC_PREMIUM_MONTHLY_PRICE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare namespace Astro {
  interface ClientDirectives {
    /** Idle hydration that a tap starts early and does not lose (src/client-directives). */
    'client:idle-or-tap'?: boolean;
  }
}
