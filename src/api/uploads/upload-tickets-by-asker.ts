/**
 * The upload addresses the routes hand out, by who asks for one: whose the upload is (the
 * owner its claim must match) and whose limits it counts against. Every ticket counts
 * against the ceiling of unclaimed uploads (UNCLAIMED_UPLOADS_MAX_MB), all askers together.
 */
import type { Context } from 'hono';
import { MB, type UploadPurpose } from '../../lib/uploads.ts';
import type { AppEnv } from '../app-env.ts';
import type { AdminEnv } from '../auth/require-admin.ts';
import type { ProviderEnv } from '../auth/require-provider.ts';
import type { Env } from '../env.ts';
import { clientAddress } from '../http/client-address.ts';
import { createUploadTicket, type UploadTicketAnswer } from './create-upload-ticket.ts';

const ceilingBytes = (env: Env) => env.UNCLAIMED_UPLOADS_MAX_MB * MB;

/** A visitor without a session: a public upload, counted against the visitor's network. */
export function publicUploadTicket(
  c: Context<AppEnv>,
  purpose: UploadPurpose,
): Promise<UploadTicketAnswer> {
  return createUploadTicket(c.var.db, c.var.objects, {
    ceilingBytes: ceilingBytes(c.var.env),
    purpose,
    owner: 'public',
    client: clientAddress(c),
  });
}

/** A signed-in provider: its own upload, counted with its other upload addresses. */
export function providerUploadTicket(
  c: Context<ProviderEnv>,
  purpose: UploadPurpose,
): Promise<UploadTicketAnswer> {
  const provider = `provider:${c.var.provider.id}`;
  return createUploadTicket(c.var.db, c.var.objects, {
    ceilingBytes: ceilingBytes(c.var.env),
    purpose,
    owner: provider,
    client: provider,
  });
}

/** A signed-in admin: the admin's own upload, held to the ceiling only (no client limits). */
export function adminUploadTicket(
  c: Context<AdminEnv>,
  purpose: UploadPurpose,
): Promise<UploadTicketAnswer> {
  return createUploadTicket(c.var.db, c.var.objects, {
    ceilingBytes: ceilingBytes(c.var.env),
    purpose,
    owner: `admin:${c.var.admin.id}`,
  });
}
