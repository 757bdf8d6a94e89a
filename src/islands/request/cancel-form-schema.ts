import * as z from 'zod/mini';
import { CancelRequestSchema } from '../../lib/schemas/request-status';

/**
 * The cancellation form's rules: the API's own (CancelRequestSchema) without the token the
 * link gives. Loaded at the form's first submit (docs/decisions/0049).
 */
export const CancelFormSchema = z.pick(CancelRequestSchema, { reason: true });
