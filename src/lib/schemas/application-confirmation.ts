/** The token that /join/confirm sends from its link (docs/decisions/0046). */
import * as z from 'zod/mini';
import { APPLICATION_CONFIRMATION_MESSAGES } from '../application-confirmation.ts';
import { emailField } from './fields.ts';

const token = z
  .string(APPLICATION_CONFIRMATION_MESSAGES.invalid)
  .check(z.regex(/^[A-Za-z0-9_-]{32,64}$/, APPLICATION_CONFIRMATION_MESSAGES.invalid));

export const ConfirmApplicationEmailSchema = z.object({ token });

/** A new link for an application whose link was lost or has expired. */
export const NewApplicationLinkSchema = z.object({ email: emailField() });
