/**
 * The company variables a site beyond loopback must set to name its operator (decision
 * 0043), with sample values: shared by env.test.ts and production-site.test.ts.
 */
export const COMPANY_VARIABLES = {
  PUBLIC_COMPANY_LEGAL_NAME: 'Sample Operator (Pty) Ltd',
  PUBLIC_COMPANY_ADDRESS: '1 Sample Street, Cape Town, 8001',
  PUBLIC_COMPANY_EMAIL: 'hello@example.org',
};
