/// <reference types="astro/client" />

/** Build-time settings the browser code reads (README, Configuration). */
interface ImportMetaEnv {
  readonly PUBLIC_WHATSAPP_NUMBER?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
