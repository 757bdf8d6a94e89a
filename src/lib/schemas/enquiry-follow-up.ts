/**
 * The enquiry desk passes a request that waited too long to another provider:
 * POST /api/admin/enquiries/{id}/reassign, and the dialog that sends it.
 */
import { z } from 'zod';

export const REASSIGN_MESSAGES = {
  chooseProvider: 'Choose a provider',
  notCandidate:
    'That provider cannot take this request: choose a verified provider who offers the service near the customer.',
  closed: 'This request is closed: it can no longer be passed to another provider.',
  notFound: 'Enquiry not found',
} as const;

export const ReassignEnquirySchema = z.object({
  providerId: z
    .number(REASSIGN_MESSAGES.chooseProvider)
    .int(REASSIGN_MESSAGES.chooseProvider)
    .positive(REASSIGN_MESSAGES.chooseProvider)
    // Beyond a 32-bit id no provider exists; the database would refuse the comparison.
    .max(2_147_483_647, REASSIGN_MESSAGES.notCandidate),
});

export type ReassignEnquiry = z.output<typeof ReassignEnquirySchema>;

/** Candidates are looked for this far from the customer's town (straight line). */
export const NEAR_KM = 100;
