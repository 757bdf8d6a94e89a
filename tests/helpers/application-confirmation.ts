/**
 * Provider applications in the API tests: the stored row, and the address confirmed with
 * the link mailed to it (docs/decisions/0046), the link read from the outbox table as the
 * applicant reads it in the mail.
 */
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox, providerApplications } from '../../db/schema.ts';
import { sendJson, storedRow } from './api-fixtures.ts';
import { linkIn } from './outbox.ts';
import type { TestApi } from './test-api.ts';

export const CONFIRMATION_SUBJECT =
  'Confirm your e-mail address for your Verified Providers application';
export const RECEIPT_SUBJECT = 'We received your application to join Verified Providers';

/** The stored application, for before/after checks; fails when there is none. */
export function applicationRow(api: TestApi, id: number) {
  return storedRow(api, providerApplications, id, 'application');
}

/** Every mail the outbox table holds, queued or sent, oldest first. */
export async function outboxMails(
  api: TestApi,
): Promise<{ to: string; subject: string; text: string }[]> {
  const rows = await api.database.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(eq(outbox.kind, 'mail'))
    .orderBy(asc(outbox.id));
  return rows.map((row) => row.payload as { to: string; subject: string; text: string });
}

/** The token of the newest confirmation link mailed to `email`. */
export async function mailedConfirmationToken(api: TestApi, email: string): Promise<string> {
  const mail = (await outboxMails(api))
    .reverse()
    .find((m) => m.to === email && m.subject === CONFIRMATION_SUBJECT);
  const link = mail && linkIn(mail.text, '/join/confirm?token=');
  expect(link?.origin, `a confirmation link mailed to ${email}`).toBe(api.url);
  return link!.searchParams.get('token')!;
}

export function postConfirmation(api: TestApi, token: string): Promise<Response> {
  return sendJson(api, 'POST', '/api/provider-applications/confirm', { token });
}

/** Opens the link mailed to `email`, as its applicant does. */
export async function confirmApplicationAddress(api: TestApi, email: string): Promise<void> {
  const response = await postConfirmation(api, await mailedConfirmationToken(api, email));
  expect(response.status).toBe(200);
}
