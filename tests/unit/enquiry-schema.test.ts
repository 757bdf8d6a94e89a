import { describe, expect, it } from 'vitest';
import { SERVICE_IDS } from '../../src/lib/catalog/categories.ts';
import { BUDGET_VALUES, URGENCY_VALUES } from '../../src/lib/catalog/enquiry-options.ts';
import { ENQUIRY_LIMITS, EnquirySchema, type Enquiry } from '../../src/lib/schemas/enquiry.ts';
import { ENQUIRY_FIELD_ERRORS, type EnquiryFieldError } from '../helpers/enquiry-field-errors.ts';

const VALID = {
  customerName: 'Thandi Nkosi',
  customerEmail: 'thandi@example.co.za',
  serviceType: 'cctv',
  location: 'Sandton',
  description: 'Four outdoor cameras for a house.',
  assignedProviderId: 7,
};

/** VALID with overrides; `undefined` leaves a field out. */
function input(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const value: Record<string, unknown> = { ...VALID, ...overrides };
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/** Parses VALID with overrides and expects success. */
function parse(overrides: Record<string, unknown> = {}): Enquiry {
  const result = EnquirySchema.safeParse(input(overrides));
  if (!result.success) throw new Error(`expected success: ${result.error.message}`);
  return result.data;
}

/** Parses VALID with overrides, expects failure, and returns the messages by field. */
function errors(overrides: Record<string, unknown>): Record<string, string[]> {
  const result = EnquirySchema.safeParse(input(overrides));
  if (result.success) throw new Error(`expected failure: ${JSON.stringify(result.data)}`);
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '_';
    (byField[field] ??= []).push(issue.message);
  }
  return byField;
}

describe('EnquirySchema: a minimal request', () => {
  it('gives urgency medium and leaves phone, budget and website out', () => {
    expect(parse()).toEqual({
      customerName: 'Thandi Nkosi',
      customerEmail: 'thandi@example.co.za',
      serviceType: 'cctv',
      location: 'Sandton',
      description: 'Four outdoor cameras for a house.',
      urgency: 'medium',
      assignedProviderId: 7,
      sitePhotos: [],
    });
  });

  it('keeps a given urgency, budget and phone', () => {
    expect(parse({ urgency: 'urgent', budget: 'flexible', customerPhone: '0825550101' })).toEqual(
      expect.objectContaining({
        urgency: 'urgent',
        budget: 'flexible',
        customerPhone: '0825550101',
      }),
    );
  });
});

describe('EnquirySchema: normalising', () => {
  it('trims the name, location and description', () => {
    expect(
      parse({
        customerName: '  Thandi Nkosi\n',
        location: '\t Cape Town ',
        description: '  Alarm with armed response.  ',
      }),
    ).toMatchObject({
      customerName: 'Thandi Nkosi',
      location: 'Cape Town',
      description: 'Alarm with armed response.',
    });
  });

  it('trims and lower-cases the e-mail address', () => {
    expect(parse({ customerEmail: '  Thandi.Nkosi@Example.CO.ZA ' }).customerEmail).toBe(
      'thandi.nkosi@example.co.za',
    );
  });

  it('trims the phone number', () => {
    expect(parse({ customerPhone: '  +27 (0)11 555-0000 ' }).customerPhone).toBe(
      '+27 (0)11 555-0000',
    );
  });

  it.each(['', '   '])('turns phone %j into undefined', (customerPhone) => {
    expect(parse({ customerPhone }).customerPhone).toBeUndefined();
  });

  it.each(['', '  '])('turns budget %j into undefined', (budget) => {
    expect(parse({ budget }).budget).toBeUndefined();
  });

  it('turns a numeric provider id string into a number', () => {
    expect(parse({ assignedProviderId: '12' }).assignedProviderId).toBe(12);
  });

  it('accepts an empty honeypot', () => {
    expect(parse({ website: '' }).website).toBe('');
  });
});

describe('EnquirySchema: accepted values', () => {
  it.each(SERVICE_IDS)('accepts serviceType %s', (serviceType) => {
    expect(parse({ serviceType }).serviceType).toBe(serviceType);
  });

  it.each(BUDGET_VALUES)('accepts budget %s', (budget) => {
    expect(parse({ budget }).budget).toBe(budget);
  });

  it.each(URGENCY_VALUES)('accepts urgency %s', (urgency) => {
    expect(parse({ urgency }).urgency).toBe(urgency);
  });

  it.each(['+27 82 555 0101', '082 555 0101', '(011) 555-0000', '0115550000', '5550000'])(
    'accepts phone %s',
    (customerPhone) => {
      expect(parse({ customerPhone }).customerPhone).toBe(customerPhone);
    },
  );

  it.each([1, 2_147_483_647])('accepts provider id %d', (assignedProviderId) => {
    expect(parse({ assignedProviderId }).assignedProviderId).toBe(assignedProviderId);
  });
});

describe('EnquirySchema: lengths', () => {
  it.each([
    ['customerName', ENQUIRY_LIMITS.name, 'Name must be at most 100 characters'],
    ['location', ENQUIRY_LIMITS.location, 'Location must be at most 120 characters'],
    ['description', ENQUIRY_LIMITS.description, 'Description must be at most 2000 characters'],
  ] as const)('%s allows %d characters and no more', (field, limit, message) => {
    expect(parse({ [field]: 'a'.repeat(limit) })[field]).toHaveLength(limit);
    expect(errors({ [field]: 'a'.repeat(limit + 1) })).toEqual({ [field]: [message] });
  });

  it.each([
    ['customerName', ENQUIRY_LIMITS.name],
    ['location', ENQUIRY_LIMITS.location],
    ['description', ENQUIRY_LIMITS.description],
  ] as const)('%s is measured after trimming', (field, limit) => {
    expect(parse({ [field]: `  ${'a'.repeat(limit)}  ` })[field]).toHaveLength(limit);
  });

  it('allows an e-mail address of 254 characters and no more', () => {
    const label = 'b'.repeat(60);
    const domain = `${label}.${label}.${label}.${label}.co.za`; // 249 characters
    const longest = `abcd@${domain}`;
    expect(longest).toHaveLength(ENQUIRY_LIMITS.email);
    expect(parse({ customerEmail: longest }).customerEmail).toBe(longest);
    expect(errors({ customerEmail: `a${longest}` })).toEqual({
      customerEmail: ['Please enter a valid email address'],
    });
  });
});

describe('EnquirySchema: messages', () => {
  it.each<EnquiryFieldError>([
    ...ENQUIRY_FIELD_ERRORS,
    ['customerName not a string', { customerName: 42 }, 'customerName', 'Please enter your name'],
    [
      'customerEmail blank',
      { customerEmail: '  ' },
      'customerEmail',
      'Please enter a valid email address',
    ],
    [
      'customerEmail without @',
      { customerEmail: 'thandi.example.co.za' },
      'customerEmail',
      'Please enter a valid email address',
    ],
    [
      'customerEmail without a domain',
      { customerEmail: 'thandi@' },
      'customerEmail',
      'Please enter a valid email address',
    ],
    [
      'customerPhone too short',
      { customerPhone: '555 01' },
      'customerPhone',
      'Please enter a valid phone number',
    ],
    [
      'customerPhone too long',
      { customerPhone: '0'.repeat(21) },
      'customerPhone',
      'Please enter a valid phone number',
    ],
    [
      'serviceType missing',
      { serviceType: undefined },
      'serviceType',
      'Please select a service type',
    ],
    ['location missing', { location: undefined }, 'location', 'Please enter the service location'],
    ['location blank', { location: ' ' }, 'location', 'Please enter the service location'],
    [
      'description missing',
      { description: undefined },
      'description',
      'Please describe your project',
    ],
    ['description blank', { description: '\n\t ' }, 'description', 'Please describe your project'],
    [
      'assignedProviderId negative',
      { assignedProviderId: -3 },
      'assignedProviderId',
      'Choose a provider',
    ],
    [
      'assignedProviderId fractional',
      { assignedProviderId: 1.5 },
      'assignedProviderId',
      'Choose a provider',
    ],
    [
      'assignedProviderId beyond a PostgreSQL integer',
      { assignedProviderId: 2_147_483_648 },
      'assignedProviderId',
      'Choose a provider',
    ],
    [
      'assignedProviderId empty',
      { assignedProviderId: '' },
      'assignedProviderId',
      'Choose a provider',
    ],
    [
      'website filled in',
      { website: 'https://spam.example.com' },
      'website',
      'This submission looks automated',
    ],
  ])('rejects %s with its message', (_, overrides, field, message) => {
    expect(errors(overrides)).toEqual({ [field]: [message] });
  });

  it('reports every invalid field', () => {
    expect(
      errors({ customerName: '', customerEmail: 'x', location: '', assignedProviderId: 0 }),
    ).toEqual({
      customerName: ['Please enter your name'],
      customerEmail: ['Please enter a valid email address'],
      location: ['Please enter the service location'],
      assignedProviderId: ['Choose a provider'],
    });
  });
});
