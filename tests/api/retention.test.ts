/**
 * The retention schedule with a given clock (docs/decisions/0052): exactly the rows that
 * are due at that moment are erased or anonymised, a row a day short of its period is
 * left alone, and a second run changes nothing.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  accessLog,
  consents,
  contactMessages,
  customerEnquiries,
  documentViews,
  enquiryPhotos,
  evidenceDocuments,
  outbox,
  privacyCases,
  privacyLinks,
  rateLimits,
  serviceProviders,
} from '../../db/schema.ts';
import { ERASED } from '../../src/api/privacy/anonymise-requests.ts';
import { applyRetention } from '../../src/api/privacy/apply-retention.ts';
import { RETENTION } from '../../src/lib/retention.ts';
import { createTestAdmin } from '../helpers/admin-fixtures.ts';
import { queryRows } from '../helpers/api-fixtures.ts';
import { insertApplication, insertEnquiry, insertProvider } from '../helpers/builders.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();

const NOW = new Date('2027-06-15T10:00:00Z');
/** `days` before NOW, give or take a day: past due (`+1`) or not yet (`-1`). */
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const due = (days: number) => ago(days + 1);
const notYet = (days: number) => ago(days - 1);

/** Every row of every table but the reference data, as text, for a before/after check. */
async function everyRow(): Promise<Record<string, string>> {
  const { db } = api.database;
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT tablename AS name FROM pg_tables
         WHERE schemaname = 'public' AND tablename NOT IN ('places', 'place_names') ORDER BY 1`,
  );
  const rows: Record<string, string> = {};
  for (const { name } of tables) {
    const [dump] = await queryRows<{ rows: string }>(
      db,
      sql`SELECT coalesce(string_agg(to_jsonb(t)::text, E'\n' ORDER BY to_jsonb(t)::text), '') AS rows
            FROM ${sql.identifier(name)} AS t`,
    );
    rows[name] = dump?.rows ?? '';
  }
  return rows;
}

it('erases what is due at the given time, and nothing twice', async () => {
  const { db } = api.database;
  const provider = await insertProvider(db, { isApproved: true });
  const admin = await createTestAdmin(api);

  // Requests: closed long enough ago, closed recently, and open.
  const requests = [];
  for (const closedAt of [due(RETENTION.requests.days), notYet(RETENTION.requests.days), null]) {
    const row = await insertEnquiry(db, {
      assignedProviderId: provider.id,
      customerPhone: '0825550100',
      clientAddress: '198.51.100.1',
    });
    if (closedAt) {
      await db.execute(
        sql`UPDATE customer_enquiries SET status = 'completed' WHERE id = ${row.id}`,
      );
      await db.execute(
        sql`UPDATE customer_enquiries SET closed_at = ${closedAt.toISOString()}::timestamptz WHERE id = ${row.id}`,
      );
    }
    requests.push(row);
  }
  // Site photos: of a request closed past their period (but not the requests'), and not.
  const photoDue = await insertEnquiry(db, { assignedProviderId: provider.id });
  const photoKept = await insertEnquiry(db, { assignedProviderId: provider.id });
  for (const [request, closedAt] of [
    [photoDue, due(RETENTION.sitePhotos.days)],
    [photoKept, notYet(RETENTION.sitePhotos.days)],
  ] as const) {
    await db.execute(
      sql`UPDATE customer_enquiries SET status = 'cancelled' WHERE id = ${request.id}`,
    );
    await db.execute(
      sql`UPDATE customer_enquiries SET closed_at = ${closedAt.toISOString()}::timestamptz WHERE id = ${request.id}`,
    );
    await db.insert(enquiryPhotos).values({
      enquiryId: request.id,
      position: 1,
      objectKey: `private/RetentionPhoto${request.id}000000.jpg`,
      contentType: 'image/jpeg',
      size: 100,
    });
  }
  // Evidence: an old document superseded long ago, one superseded lately, the newest.
  const document = (n: number, createdAt: Date) => ({
    providerId: provider.id,
    checkType: 'insurance' as const,
    objectKey: `private/RetentionDocument${n}00000.pdf`,
    contentType: 'application/pdf' as const,
    size: 100,
    fileName: `schedule-${n}.pdf`,
    uploadedBy: 'provider',
    createdAt,
  });
  const docs = await db
    .insert(evidenceDocuments)
    .values([
      document(1, ago(900)),
      document(2, due(RETENTION.evidenceDocuments.days)),
      document(3, notYet(RETENTION.evidenceDocuments.days)),
    ])
    .returning();
  await db.insert(documentViews).values([
    { documentId: docs[2]!.id, adminId: admin.id, viewedAt: due(RETENTION.accessLogs.days) },
    { documentId: docs[2]!.id, adminId: admin.id, viewedAt: notYet(RETENTION.accessLogs.days) },
  ]);
  // Who looked (docs/decisions/0053) follows the same period as the document views.
  await db.insert(accessLog).values([
    {
      adminId: admin.id,
      action: 'exported-csv',
      providerId: provider.id,
      what: 'old.csv',
      at: due(RETENTION.accessLogs.days),
    },
    {
      adminId: admin.id,
      action: 'exported-csv',
      providerId: provider.id,
      what: 'new.csv',
      at: notYet(RETENTION.accessLogs.days),
    },
  ]);
  // The officer's cases: answered long ago (goes), answered lately, and open however old.
  const officerCase = (email: string, repliedAt: Date | null) => ({
    kind: 'complaint' as const,
    email,
    message: 'A complaint.',
    receivedAt: ago(2000),
    dueAt: ago(1970),
    ...(repliedAt && {
      status: 'answered' as const,
      reply: 'An answer.',
      repliedAt,
      repliedBy: admin.id,
    }),
  });
  await db
    .insert(privacyCases)
    .values([
      officerCase('answered-long-ago@example.com', due(RETENTION.privacyCases.days)),
      officerCase('answered-lately@example.com', notYet(RETENTION.privacyCases.days)),
      officerCase('still-open@example.com', null),
    ]);
  await db.insert(contactMessages).values([
    {
      name: 'Old',
      email: 'old@example.com',
      topic: 'other',
      message: 'An old question.',
      createdAt: due(RETENTION.contactMessages.days),
    },
    {
      name: 'New',
      email: 'new@example.com',
      topic: 'other',
      message: 'A newer question.',
      createdAt: notYet(RETENTION.contactMessages.days),
    },
  ]);
  await db.insert(outbox).values([
    {
      kind: 'mail',
      payload: { to: 'a@example.com', subject: 'Old', text: 'x' },
      status: 'sent',
      sentAt: due(RETENTION.mailBodies.days),
    },
    {
      kind: 'mail',
      payload: { to: 'b@example.com', subject: 'Recent', text: 'x' },
      status: 'sent',
      sentAt: notYet(RETENTION.mailBodies.days),
    },
    {
      kind: 'mail',
      payload: { to: 'c@example.com', subject: 'Queued', text: 'x' },
      status: 'queued',
      createdAt: due(RETENTION.mailBodies.days),
      nextAttemptAt: ago(0),
    },
    {
      kind: 'privacy-link',
      payload: { email: 'd@example.com', siteUrl: 'http://x' },
      status: 'sent',
      sentAt: due(RETENTION.mailBodies.days),
    },
  ]);
  await db.insert(rateLimits).values([
    {
      key: 'contact-email:old@example.com',
      windowStart: ago(RETENTION.rateLimits.days + 1.5),
      count: 1,
    },
    { key: 'contact-email:new@example.com', windowStart: ago(1.5), count: 1 },
  ]);
  await db.insert(privacyLinks).values([
    { tokenHash: 'old', email: 'old@example.com', expiresAt: due(RETENTION.privacyLinks.days) },
    { tokenHash: 'new', email: 'new@example.com', expiresAt: notYet(RETENTION.privacyLinks.days) },
  ]);
  await db.insert(consents).values([
    {
      email: 'old@example.com',
      purpose: 'news',
      wordingVersion: 'v',
      withdrawnAt: due(RETENTION.withdrawnConsents.days),
    },
    {
      email: 'new@example.com',
      purpose: 'news',
      wordingVersion: 'v',
      withdrawnAt: notYet(RETENTION.withdrawnConsents.days),
    },
    { email: 'standing@example.com', purpose: 'news', wordingVersion: 'v', givenAt: ago(2000) },
  ]);
  const rejected = await insertApplication(db, { status: 'rejected' });
  const rejectedLately = await insertApplication(db, { status: 'rejected' });
  await db.execute(
    sql`UPDATE provider_applications SET reviewed_at = CASE id WHEN ${rejected.id} THEN ${due(RETENTION.rejectedApplications.days).toISOString()}::timestamptz ELSE ${notYet(RETENTION.rejectedApplications.days).toISOString()}::timestamptz END WHERE id IN (${rejected.id}, ${rejectedLately.id})`,
  );

  // Closed provider accounts (docs/decisions/0053): closed long ago and unlisted (goes),
  // closed lately, and closed long ago but listed again by an admin (both stay).
  const closedAccount = (name: string, closedAt: Date, isApproved: boolean) =>
    insertProvider(db, { name, closedAt, isApproved });
  await closedAccount('Closed Long Ago', due(RETENTION.closedProviderAccounts.days), false);
  await closedAccount('Closed Lately', notYet(RETENTION.closedProviderAccounts.days), false);
  await closedAccount('Listed Again', due(RETENTION.closedProviderAccounts.days), true);

  const report = await applyRetention(db, { now: NOW });
  expect(report).toEqual({
    requests: 1,
    sitePhotos: 1,
    evidenceDocuments: 1,
    contactMessages: 1,
    mailBodies: 2,
    rateLimits: 1,
    accessLogs: 2,
    privacyLinks: 1,
    privacyCases: 1,
    closedProviderAccounts: 1,
    rejectedApplications: 1,
    withdrawnConsents: 1,
  });

  const enquiries = await db.select().from(customerEnquiries).orderBy(customerEnquiries.id);
  expect(enquiries.map((r) => r.customerEmail === ERASED.email)).toEqual([
    true,
    false,
    false,
    false,
    false,
  ]);
  expect(enquiries[0]).toMatchObject({
    customerName: ERASED.name,
    customerPhone: null,
    clientAddress: null,
  });
  expect((await db.select().from(enquiryPhotos)).map((p) => p.enquiryId)).toEqual([photoKept.id]);
  expect((await db.select().from(evidenceDocuments)).map((d) => d.fileName).sort()).toEqual([
    'schedule-2.pdf',
    'schedule-3.pdf',
  ]);
  expect((await db.select().from(contactMessages)).map((m) => m.name)).toEqual(['New']);
  const mails = await queryRows<{ subject: string | null }>(
    db,
    sql`SELECT payload ->> 'subject' AS subject FROM outbox WHERE kind = 'mail' AND payload ->> 'to' IS NOT NULL ORDER BY id`,
  );
  expect(mails.map((m) => m.subject)).toEqual(['Recent', 'Queued']);
  expect((await db.select().from(rateLimits)).map((r) => r.key)).toEqual([
    'contact-email:new@example.com',
  ]);
  expect((await db.select().from(privacyLinks)).map((l) => l.tokenHash)).toEqual(['new']);
  expect((await db.select().from(accessLog)).map((l) => l.what)).toEqual(['new.csv']);
  expect((await db.select().from(privacyCases)).map((c) => c.email).sort()).toEqual([
    'answered-lately@example.com',
    'still-open@example.com',
  ]);
  expect(
    (await db.select().from(serviceProviders))
      .map((p) => p.name)
      .filter((n) => n !== provider.name)
      .sort(),
  ).toEqual(['Closed Lately', 'Listed Again']);
  // The files of the photo, the document and the application go through the outbox.
  const deletions = await queryRows<{ key: string }>(
    db,
    sql`SELECT payload ->> 'objectKey' AS key FROM outbox WHERE kind = 'delete-object' ORDER BY id`,
  );
  expect(deletions.map((d) => d.key)).toEqual([
    `private/RetentionPhoto${photoDue.id}000000.jpg`,
    'private/RetentionDocument100000.pdf',
  ]);

  // Twice without change.
  const before = await everyRow();
  expect(Object.values(await applyRetention(db, { now: NOW })).every((n) => n === 0)).toBe(true);
  expect(await everyRow()).toEqual(before);
});
