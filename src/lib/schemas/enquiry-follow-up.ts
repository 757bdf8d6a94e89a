/**
 * The enquiry desk passes a request that waited too long to another provider:
 * GET /api/admin/enquiries/{id}/candidates, POST /api/admin/enquiries/{id}/reassign, and
 * the dialog that sends it.
 */
import * as z from 'zod/mini';
import { booleanFilter } from './admin-lists.ts';
import { recordId } from './record-id.ts';

export const REASSIGN_MESSAGES = {
  chooseProvider: 'Choose a provider',
  notCandidate:
    'That provider cannot take this request: choose a verified provider who offers the service near the customer.',
  closed: 'This request is closed: it can no longer be passed to another provider.',
  unverified:
    'That provider is not verified: a request goes to an unverified provider only when the desk asks for it (allowUnverified).',
  notFound: 'Enquiry not found',
  inGroup:
    'That provider has this request already: it was sent to several providers, and each has its own copy.',
} as const;

export const ReassignEnquirySchema = z.object({
  providerId: recordId(REASSIGN_MESSAGES.chooseProvider, REASSIGN_MESSAGES.notCandidate),
  /**
   * Pass it to a provider who is not verified today: only when the desk says so, after
   * "Show unverified providers" (docs/decisions/0042).
   */
  allowUnverified: z.optional(z.boolean('allowUnverified must be true or false')),
});

export type ReassignEnquiry = z.output<typeof ReassignEnquirySchema>;

/** Candidates are looked for this far from the customer's town (straight line). */
export const NEAR_KM = 100;

/**
 * GET /api/admin/enquiries/{id}/candidates: `unverified=true` lists unverified providers
 * too; `search` finds providers of the service by name or town, near or not.
 */
export const ReassignCandidatesQuerySchema = z.object({
  unverified: booleanFilter('unverified'),
  search: z.pipe(
    z.optional(
      z.string().check(z.trim(), z.maxLength(100, 'search must be at most 100 characters')),
    ),
    z.transform((value) => value || undefined),
  ),
});

export type ReassignCandidatesQuery = z.output<typeof ReassignCandidatesQuerySchema>;
