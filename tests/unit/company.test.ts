/**
 * The operating company's details: configured values are shown as
 * they are; an unset one reads as a placeholder that says so and never reaches the
 * Organization JSON-LD.
 */
import { describe, expect, it } from 'vitest';
import { companyFrom, organizationJsonLd, telLink } from '../../src/lib/company.ts';

const CONFIGURED = {
  PUBLIC_COMPANY_LEGAL_NAME: 'Sample Operator (Pty) Ltd',
  PUBLIC_COMPANY_REGISTRATION_NUMBER: '2024/123456/07',
  PUBLIC_COMPANY_ADDRESS: '1 Sample Street, Cape Town, 8001',
  PUBLIC_COMPANY_PHONE: '021 555 0100',
  PUBLIC_COMPANY_EMAIL: 'hello@example.co.za',
  PUBLIC_COMPANY_INFORMATION_OFFICER: 'Thandi Sample',
  PUBLIC_COMPANY_INFORMATION_OFFICER_EMAIL: 'privacy@example.co.za',
};
const SITE = { name: 'Verified Providers', url: 'https://example.co.za/' };

describe('companyFrom', () => {
  it('shows every configured detail as it is', () => {
    const company = companyFrom(CONFIGURED);
    expect(company.complete).toBe(true);
    expect(company.shown).toEqual({
      legalName: 'Sample Operator (Pty) Ltd',
      registrationNumber: '2024/123456/07',
      address: '1 Sample Street, Cape Town, 8001',
      phone: '021 555 0100',
      email: 'hello@example.co.za',
      informationOfficer: 'Thandi Sample',
      informationOfficerEmail: 'privacy@example.co.za',
    });
  });

  it('says "not configured" for a detail that is unset or blank', () => {
    const company = companyFrom({ PUBLIC_COMPANY_LEGAL_NAME: '  ', PUBLIC_COMPANY_PHONE: '' });
    expect(company.complete).toBe(false);
    expect(company.configured.legalName).toBeUndefined();
    expect(company.shown).toEqual({
      legalName: 'Company name not configured',
      registrationNumber: 'Registration number not configured',
      address: 'Address not configured',
      phone: 'Phone number not configured',
      email: 'E-mail address not configured',
      informationOfficer: 'Information officer not configured',
      informationOfficerEmail: 'Information officer e-mail not configured',
    });
  });
});

describe('organizationJsonLd', () => {
  it('carries the configured details', () => {
    expect(organizationJsonLd(companyFrom(CONFIGURED), SITE)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Verified Providers',
      url: 'https://example.co.za/',
      legalName: 'Sample Operator (Pty) Ltd',
      identifier: {
        '@type': 'PropertyValue',
        propertyID: 'CIPC registration number',
        value: '2024/123456/07',
      },
      address: { '@type': 'PostalAddress', streetAddress: '1 Sample Street, Cape Town, 8001' },
      telephone: '021 555 0100',
      email: 'hello@example.co.za',
    });
  });

  it('publishes no placeholder as a fact', () => {
    expect(organizationJsonLd(companyFrom({}), SITE)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Verified Providers',
      url: 'https://example.co.za/',
    });
  });
});

it('dials the digits of a phone number', () => {
  expect(telLink('021 555 0100')).toBe('tel:0215550100');
  expect(telLink('+27 21 555-0100')).toBe('tel:+27215550100');
});
