/**
 * Invalid fields of a customer's enquiry and the message each must get (the spec's
 * texts), checked on the schema alone (unit/enquiry-schema.test.ts) and through
 * POST /api/enquiries (api/enquiries.test.ts). The cases both check live here once, so a
 * changed message is changed in one place; each file adds the cases only it checks.
 */

/**
 * A test's name, the fields changed on a valid enquiry (`undefined` leaves one out), the
 * field blamed and its message.
 */
export type EnquiryFieldError = [
  name: string,
  overrides: Record<string, unknown>,
  field: string,
  message: string,
];

/** What a field left out or not valid is answered with. */
const FIELD_MESSAGES = {
  customerName: 'Please enter your name',
  customerEmail: 'Please enter a valid email address',
  customerPhone: 'Please enter a valid phone number',
  serviceType: 'Please select a service type',
  budget: 'Please choose a budget',
  urgency: 'Please choose an urgency level',
  assignedProviderId: 'Choose a provider',
} as const;

/** The case "`field` `what`": the field set to `value`, blamed with the field's message. */
function invalid(
  field: keyof typeof FIELD_MESSAGES,
  what: string,
  value: unknown,
): EnquiryFieldError {
  return [`${field} ${what}`, { [field]: value }, field, FIELD_MESSAGES[field]];
}

export const ENQUIRY_FIELD_ERRORS: EnquiryFieldError[] = [
  invalid('customerName', 'missing', undefined),
  invalid('customerName', 'blank', '   '),
  invalid('customerEmail', 'missing', undefined),
  invalid('customerPhone', 'with letters', '082 CALL ME'),
  invalid('serviceType', 'unknown', 'laser'),
  invalid('budget', 'unknown', 'millions'),
  invalid('urgency', 'unknown', 'yesterday'),
  invalid('assignedProviderId', 'missing', undefined),
  invalid('assignedProviderId', 'not a number', 'abc'),
  invalid('assignedProviderId', '0', 0),
];
