/**
 * A production site names its operator (decision 0043): a start whose SITE_URL is beyond
 * loopback, or a Netlify production build, stops without the company's legal name,
 * address and e-mail, naming what is missing; a local one keeps the placeholders.
 * tests/netlify/production-refusal.test.ts runs the commands themselves.
 */
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/api/env.ts';
import {
  companyConfigurationProblem,
  missingCompanyVariables,
  productionReason,
} from '../../src/lib/production-site.ts';
import { COMPANY_VARIABLES } from './company-variables.ts';

const SERVER = {
  HOST: '0.0.0.0',
  SITE_URL: 'https://verifiedproviders.example',
  SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
};

describe('a production site', () => {
  it('is one whose SITE_URL is beyond loopback, or a Netlify production build', () => {
    expect(productionReason({ SITE_URL: 'https://vp.example' })).toBe(
      'SITE_URL=https://vp.example is not on loopback',
    );
    expect(productionReason({ CONTEXT: 'production' })).toBe(
      "Netlify's production context, CONTEXT=production",
    );
    for (const local of [
      {},
      { SITE_URL: 'http://localhost:8888' },
      { SITE_URL: 'http://127.0.0.1:4417' },
      { SITE_URL: 'http://[::1]:8888' },
      { CONTEXT: 'deploy-preview', SITE_URL: 'http://localhost:8888' },
      { CONTEXT: 'dev' },
    ]) {
      expect(productionReason(local), JSON.stringify(local)).toBeUndefined();
    }
  });

  it('names every required variable it lacks, and nothing once they are set', () => {
    expect(missingCompanyVariables({ CONTEXT: 'production' })).toEqual([
      'PUBLIC_COMPANY_LEGAL_NAME',
      'PUBLIC_COMPANY_ADDRESS',
      'PUBLIC_COMPANY_EMAIL',
    ]);
    expect(
      missingCompanyVariables({
        ...COMPANY_VARIABLES,
        PUBLIC_COMPANY_ADDRESS: '   ',
        SITE_URL: 'https://vp.example',
      }),
    ).toEqual(['PUBLIC_COMPANY_ADDRESS']);
    expect(
      companyConfigurationProblem({ ...COMPANY_VARIABLES, CONTEXT: 'production' }),
    ).toBeUndefined();
    // Locally the placeholders may stand.
    expect(companyConfigurationProblem({})).toBeUndefined();
  });

  it('stops the server configuration with a message naming the missing variables', () => {
    expect(() => parseEnv(SERVER)).toThrow(
      /^Invalid environment configuration:\n {2}PUBLIC_COMPANY_LEGAL_NAME, PUBLIC_COMPANY_ADDRESS and PUBLIC_COMPANY_EMAIL are required for a production site \(SITE_URL=https:\/\/verifiedproviders\.example is not on loopback\)/,
    );
    expect(() => parseEnv({ ...SERVER, ...COMPANY_VARIABLES, PUBLIC_COMPANY_EMAIL: '' })).toThrow(
      /PUBLIC_COMPANY_EMAIL is required for a production site/,
    );
    expect(parseEnv({ ...SERVER, ...COMPANY_VARIABLES }).SITE_URL).toBe(
      'https://verifiedproviders.example',
    );
    // The commands that only touch the database (migrate, seed) need no company.
    expect(parseEnv({ ...SERVER }, { purpose: 'database' }).SITE_URL).toBe(
      'https://verifiedproviders.example',
    );
    expect(parseEnv({}).SITE_URL).toBe('http://localhost:8888');
  });
});
