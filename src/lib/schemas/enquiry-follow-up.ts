/**
 * The enquiry desk passes a request that waited too long to another provider:
 * POST /api/admin/enquiries/{id}/reassign, and the dialog that sends it.
 */
import { z } from 'zod';
import { recordId } from './record-id.ts';

export const REASSIGN_MESSAGES = {
  chooseProvider: 'Choose a provider',
  notCandidate:
    'That provider cannot take this request: choose a verified provider who offers the service near the customer.',
  closed: 'This request is closed: it can no longer be passed to another provider.',
  notFound: 'Enquiry not found',
} as const;

export const ReassignEnquirySchema = z.object({
  providerId: recordId(REASSIGN_MESSAGES.chooseProvider, REASSIGN_MESSAGES.notCandidate),
});

export type ReassignEnquiry = z.output<typeof ReassignEnquirySchema>;

/** Candidates are looked for this far from the customer's town (straight line). */
export const NEAR_KM = 100;
