/**
 * Evidence behind the checks. Documents (PDF, JPEG, PNG, WebP by their bytes,
 * 10 MB) come with an application, a provider's renewal or an admin's recorded outcome;
 * they are stored privately, never served under a public address, and shown to admins
 * only through links that work for minutes, each view logged. The applicant's consent is
 * stored with its time and wording version.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  documentViews,
  evidenceDocuments,
  providerApplications,
  providerChecks,
} from '../../db/schema.ts';
import { sessionSecret } from '../../src/api/auth/session-secret.ts';
import { DOCUMENT_LINK_MESSAGES, openDocument } from '../../src/api/documents/document-links.ts';
import { STATED_IN_APPLICATION } from '../../src/api/documents/hand-over-application-checks.ts';
import { DOCUMENT_NOT_FOUND } from '../../src/api/uploads/claim-document.ts';
import { addDays, saToday } from '../../src/lib/calendar-days.ts';
import { NO_CRIMINAL_RECORD_DOCUMENTS } from '../../src/lib/catalog/checks.ts';
import { CHECKS_CONSENT } from '../../src/lib/catalog/consent.ts';
import { APPLICATION_MESSAGES } from '../../src/lib/schemas/provider-application.ts';
import { RENEWAL_MESSAGES } from '../../src/lib/schemas/verification.ts';
import { MB, UPLOAD_MESSAGES } from '../../src/lib/uploads.ts';
import { adminSession, createTestAdmin, useSignedInAdmin } from '../helpers/admin-fixtures.ts';
import { okJson, sendAs, sendJson } from '../helpers/api-fixtures.ts';
import {
  insertProvider,
  recordTestCheck,
  SECURITY_COMPANY_CHECKS,
  validApplicationBody,
} from '../helpers/builders.ts';
import { expectError, expectFieldError } from '../helpers/error-answer.ts';
import { imageBytes } from '../helpers/image-bytes.ts';
import { providerRow, providerSession } from '../helpers/provider-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
const admin = useSignedInAdmin(api, { firstName: 'Lerato', lastName: 'Khumalo' });

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const inAYear = () => addDays(saToday(), 365);

/** A ticket from `ticketPath` (as `token`'s holder), with `bytes` PUT to it: its URL. */
async function uploadDocument(
  ticketPath: string,
  bytes: Uint8Array<ArrayBuffer> = PDF,
  token?: string,
): Promise<{ uploadURL: string; put: Response }> {
  const { uploadURL } = await okJson<{ uploadURL: string }>(
    token ? sendAs(api, token, 'POST', ticketPath) : api.request(ticketPath, { method: 'POST' }),
  );
  const put = await api.request(uploadURL, {
    method: 'PUT',
    headers: { 'content-type': 'application/pdf' },
    body: bytes,
  });
  return { uploadURL, put };
}

const applicantUpload = async (bytes: Uint8Array<ArrayBuffer> = PDF) => {
  const { uploadURL, put } = await uploadDocument('/api/public/documents/upload', bytes);
  expect(put.status).toBe(200);
  return uploadURL;
};

function apply(overrides: Record<string, unknown> = {}) {
  return sendJson(api, 'POST', '/api/provider-applications', validApplicationBody(overrides));
}

const documentRows = () => api.database.db.select().from(evidenceDocuments);
const applicationRows = () => api.database.db.select().from(providerApplications);

/** An application (CCTV, a company) with its PSIRA certificate: its id and document id. */
async function applicationWithDocument() {
  const upload = await applicantUpload();
  const { id } = await okJson<{ id: number }>(
    apply({ documents: [{ checkType: 'psira', upload, fileName: 'PSIRA certificate.pdf' }] }),
    201,
  );
  const [document] = await documentRows();
  if (!document) throw new Error('No document stored');
  return { applicationId: id, documentId: document.id, objectKey: document.objectKey };
}

describe('uploading evidence', () => {
  it('takes a PDF, JPEG, PNG or WebP by its bytes', async () => {
    for (const bytes of [PDF, imageBytes('jpeg'), imageBytes('png'), imageBytes('webp')]) {
      const { put } = await uploadDocument('/api/public/documents/upload', bytes);
      expect(put.status).toBe(200);
    }
  });

  it('refuses other types, an empty file and more than 10 MB, whatever the name says', async () => {
    const text = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const wrong = await uploadDocument('/api/public/documents/upload', text);
    await expectError(wrong.put, 415, UPLOAD_MESSAGES.wrongDocumentType);
    const gif = await uploadDocument('/api/public/documents/upload', imageBytes('gif'));
    await expectError(gif.put, 415, UPLOAD_MESSAGES.wrongDocumentType);
    const empty = await uploadDocument('/api/public/documents/upload', new Uint8Array());
    await expectError(empty.put, 400, UPLOAD_MESSAGES.empty);
    const large = new Uint8Array(10 * MB + 1);
    large.set(PDF);
    const tooLarge = await uploadDocument('/api/public/documents/upload', large);
    await expectError(tooLarge.put, 413, UPLOAD_MESSAGES.tooLargeForAny);
  });

  it('will not take a PDF where an image is asked for', async () => {
    const { put } = await uploadDocument('/api/public/objects/upload', PDF);
    await expectError(put, 415, UPLOAD_MESSAGES.wrongType);
  });
});

describe('an application with evidence', () => {
  it('stores the stated facts, the consent with its time and version, and the document privately', async () => {
    const before = Date.now();
    const { applicationId, objectKey } = await applicationWithDocument();
    const [application] = await applicationRows();
    expect(application).toMatchObject({
      id: applicationId,
      legalForm: 'company',
      cipcNumber: '2015/123456/07',
      psiraNumber: '1234567',
      consentVersion: CHECKS_CONSENT.version,
    });
    expect(application?.consentedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(objectKey).toMatch(/^private\/[A-Za-z0-9_-]+\.pdf$/);
    expect(existsSync(path.join(api.env.DATA_DIR, 'objects', objectKey))).toBe(true);
    // Nothing serves it: not under /objects/, by either key.
    expect((await api.get(`/objects/${objectKey}`)).status).toBe(404);
    const ticket = objectKey.replace(/^private\/|\.pdf$/g, '');
    expect((await api.get(`/objects/uploads/${ticket}.pdf`)).status).toBe(404);
  });

  it('refuses an application without the consent, or with a wording it did not see', async () => {
    for (const consentVersion of [undefined, '2020-01-01']) {
      const response = await apply({ consentVersion });
      await expectFieldError(response, 'consentVersion', APPLICATION_MESSAGES.consent);
    }
    expect(await applicationRows()).toEqual([]);
  });

  it.each([
    [
      'no PSIRA number for CCTV',
      { psiraNumber: undefined },
      'psiraNumber',
      APPLICATION_MESSAGES.psiraRequired,
    ],
    [
      'an expired PSIRA certificate',
      { psiraValidUntil: addDays(saToday(), -1) },
      'psiraValidUntil',
      APPLICATION_MESSAGES.psiraExpired,
    ],
    [
      'PSIRA without a security service',
      { services: ['network'] },
      'psiraNumber',
      APPLICATION_MESSAGES.psiraNotApplicable,
    ],
    [
      'no CIPC number for a company',
      { cipcNumber: undefined },
      'cipcNumber',
      APPLICATION_MESSAGES.cipcRequired,
    ],
    [
      'a CIPC number for a sole trader',
      { legalForm: 'sole_trader' },
      'cipcNumber',
      APPLICATION_MESSAGES.cipcNotApplicable,
    ],
    [
      'expired insurance',
      { insuranceValidUntil: addDays(saToday(), -3) },
      'insuranceValidUntil',
      APPLICATION_MESSAGES.insuranceExpired,
    ],
    [
      'an impossible date',
      { psiraValidUntil: '2027-02-31' },
      'psiraValidUntil',
      'PSIRA certificate expiry must be a date (YYYY-MM-DD)',
    ],
  ])('refuses %s (400) and stores nothing', async (_, overrides, field, message) => {
    await expectFieldError(await apply(overrides), field, message);
    expect(await applicationRows()).toEqual([]);
  });

  it('refuses a criminal record, and a document of a check that does not apply', async () => {
    const upload = await applicantUpload();
    const record = await apply({
      documents: [{ checkType: 'criminal_record', upload, fileName: 'record.pdf' }],
    });
    await expectFieldError(record, 'documents.0.checkType', NO_CRIMINAL_RECORD_DOCUMENTS);
    const psira = await apply({
      services: ['network'],
      psiraNumber: undefined,
      psiraValidUntil: undefined,
      documents: [{ checkType: 'psira', upload, fileName: 'psira.pdf' }],
    });
    await expectFieldError(
      psira,
      'documents.0.checkType',
      'PSIRA registration does not apply to this business',
    );
    expect(await applicationRows()).toEqual([]);
    expect(await documentRows()).toEqual([]);
  });

  it('refuses an upload that is not there, and then stores nothing at all', async () => {
    const good = await applicantUpload();
    const response = await apply({
      documents: [
        { checkType: 'psira', upload: good, fileName: 'psira.pdf' },
        {
          checkType: 'insurance',
          upload: '/api/uploads/NoSuchTicket0000000000000',
          fileName: 'x.pdf',
        },
      ],
    });
    await expectFieldError(response, 'documents.1.upload', DOCUMENT_NOT_FOUND);
    expect(await applicationRows()).toEqual([]);
    expect(await documentRows()).toEqual([]);
    // The good upload was not used up by the refused application.
    await okJson(
      apply({ documents: [{ checkType: 'psira', upload: good, fileName: 'psira.pdf' }] }),
      201,
    );
  });

  it('will not take the same upload twice', async () => {
    const upload = await applicantUpload();
    const documents = [{ checkType: 'psira', upload, fileName: 'psira.pdf' }];
    await okJson(apply({ documents }), 201);
    const again = await apply({ email: 'other@example.co.za', documents });
    await expectFieldError(again, 'documents.0.upload', DOCUMENT_NOT_FOUND);
  });
});

describe('the application review', () => {
  it('shows the admin the checklist: required checks, what was stated, the documents and the consent', async () => {
    const { applicationId, documentId } = await applicationWithDocument();
    const checklist = await okJson<{
      legalForm: string;
      consent: { version: string };
      checks: {
        type: string;
        required: boolean;
        stated: unknown;
        documents: { id: number; fileName: string }[];
      }[];
    }>(sendAs(api, admin.token, 'GET', `/api/admin/applications/${applicationId}/checklist`));
    expect(checklist.legalForm).toBe('company');
    expect(checklist.consent.version).toBe(CHECKS_CONSENT.version);
    expect(checklist.checks.map((check) => check.type)).toEqual(SECURITY_COMPANY_CHECKS);
    const psira = checklist.checks.find((check) => check.type === 'psira');
    expect(psira).toMatchObject({
      required: true,
      stated: { reference: '1234567', validUntil: addDays(saToday(), 200) },
      documents: [{ id: documentId, fileName: 'PSIRA certificate.pdf' }],
    });
    const provider = await insertProvider(api.database.db);
    const asProvider = await sendAs(
      api,
      await providerSession(api, provider.id),
      'GET',
      `/api/admin/applications/${applicationId}/checklist`,
    );
    expect(asProvider.status).toBe(403);
  });

  it('approval creates the provider with the checks recorded so far, pending, and its documents', async () => {
    const { applicationId, documentId } = await applicationWithDocument();
    const { providerId } = await okJson<{ providerId: number }>(
      sendAs(api, admin.token, 'POST', `/api/admin/applications/${applicationId}/approve`),
      201,
    );
    expect((await providerRow(api, providerId)).legalForm).toBe('company');
    const checks = await api.database.db
      .select()
      .from(providerChecks)
      .where(eq(providerChecks.providerId, providerId));
    expect(checks.map((check) => check.checkType).sort()).toEqual([
      'company_registration',
      'criminal_record',
      'identity',
      'insurance',
      'psira',
      'references',
    ]);
    expect(checks.every((check) => check.status === 'pending')).toBe(true);
    expect(checks.find((check) => check.checkType === 'psira')).toMatchObject({
      reference: '1234567',
      validUntil: addDays(saToday(), 200),
      notes: STATED_IN_APPLICATION,
    });
    expect(checks.find((check) => check.checkType === 'insurance')).toMatchObject({
      insurer: 'Santam',
      coverAmount: 5_000_000,
    });
    const [document] = await documentRows();
    expect(document).toMatchObject({ id: documentId, providerId, reviewStatus: 'waiting' });
    // Nothing counts yet: the new provider is listed without the badge, and waits for review.
    const detail = await okJson<{ isVerified: boolean }>(api.get(`/api/providers/${providerId}`));
    expect(detail.isVerified).toBe(false);
    const waiting = await okJson<{ providerId: number; type: string }[]>(
      sendAs(api, admin.token, 'GET', '/api/admin/verification?queue=waiting'),
    );
    expect(waiting.filter((row) => row.providerId === providerId)).toHaveLength(6);
  });
});

describe('opening a document', () => {
  it('works for the admin for minutes only, logs the view, and never works for anyone else', async () => {
    const { documentId } = await applicationWithDocument();
    const opened = await api.get(`/api/admin/documents/${documentId}`, {
      headers: { authorization: `Bearer ${admin.token}` },
      redirect: 'manual',
    });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('cache-control')).toBe('private, no-store');
    const link = opened.headers.get('location') ?? '';
    expect(link).toMatch(new RegExp(`^/api/admin/documents/${documentId}/file\\?token=`));

    const file = await sendAs(api, admin.token, 'GET', link);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('PSIRA certificate.pdf');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);

    const views = await api.database.db.select().from(documentViews);
    expect(views.map(({ documentId, adminId }) => ({ documentId, adminId }))).toEqual([
      { documentId, adminId: admin.id },
    ]);
    expect(Date.now() - (views[0]?.viewedAt.getTime() ?? 0)).toBeLessThan(60_000);

    // Anyone else: nobody, a provider, and another admin holding the first admin's link.
    expect((await api.get(link)).status).toBe(401);
    expect((await api.get(`/api/admin/documents/${documentId}`)).status).toBe(401);
    const provider = await insertProvider(api.database.db);
    const providerToken = await providerSession(api, provider.id);
    expect((await sendAs(api, providerToken, 'GET', link)).status).toBe(403);
    expect(
      (await sendAs(api, providerToken, 'GET', `/api/admin/documents/${documentId}`)).status,
    ).toBe(403);
    const other = await createTestAdmin(api, { email: 'other.admin@example.co.za' });
    const otherToken = await adminSession(api, other.id);
    await expectError(
      await sendAs(api, otherToken, 'GET', link),
      400,
      DOCUMENT_LINK_MESSAGES.invalid,
    );
    // A link of one document does not open another, and a tampered token opens nothing.
    await expectError(
      await sendAs(api, admin.token, 'GET', link.replace(`/${documentId}/`, `/${documentId + 1}/`)),
      400,
      DOCUMENT_LINK_MESSAGES.invalid,
    );
    await expectError(
      await sendAs(api, admin.token, 'GET', `${link}x`),
      400,
      DOCUMENT_LINK_MESSAGES.invalid,
    );
    // Views by the others were refused before logging: still one view.
    expect(await api.database.db.select().from(documentViews)).toHaveLength(1);
  });

  it('answers 410 once the link is older than its minutes', async () => {
    const { documentId } = await applicationWithDocument();
    const link = await openDocument(api.database.db, {} as never, {
      documentId,
      adminId: admin.id,
      secret: sessionSecret(api.env),
      now: new Date(Date.now() - 6 * 60_000),
    });
    await expectError(
      await sendAs(api, admin.token, 'GET', link),
      410,
      DOCUMENT_LINK_MESSAGES.expired,
    );
  });

  it('lists the views on the admin screen, and the public answer holds no trace of evidence', async () => {
    const { applicationId, documentId } = await applicationWithDocument();
    const { providerId } = await okJson<{ providerId: number }>(
      sendAs(api, admin.token, 'POST', `/api/admin/applications/${applicationId}/approve`),
      201,
    );
    await sendAs(api, admin.token, 'GET', `/api/admin/documents/${documentId}`);
    const screen = await okJson<{
      checks: {
        type: string;
        documents: { id: number; viewCount: number; views: { admin: string }[] }[];
      }[];
    }>(sendAs(api, admin.token, 'GET', `/api/admin/providers/${providerId}/checks`));
    const psira = screen.checks.find((check) => check.type === 'psira');
    expect(psira?.documents).toEqual([
      expect.objectContaining({
        id: documentId,
        viewCount: 1,
        views: [expect.objectContaining({ admin: 'Lerato Khumalo' })],
      }),
    ]);
    const publicAnswer = await (await api.get(`/api/providers/${providerId}`)).text();
    for (const trace of [
      'private/',
      '/api/admin/documents',
      'PSIRA certificate.pdf',
      STATED_IN_APPLICATION,
      'documents',
    ]) {
      expect(publicAnswer).not.toContain(trace);
    }
    expect((await sendAs(api, admin.token, 'GET', '/api/admin/documents/999999')).status).toBe(404);
  });
});

describe('renewals from the dashboard', () => {
  async function providerWithPsira(validUntil = addDays(saToday(), 10)) {
    const provider = await insertProvider(api.database.db, {
      services: ['cctv'],
      isVerified: true,
    });
    await recordTestCheck(api.database.db, provider.id, 'psira', {
      reference: '1234567',
      validUntil,
    });
    return { provider, token: await providerSession(api, provider.id) };
  }

  const renew = (token: string, type: string, body: unknown) =>
    sendAs(api, token, 'POST', `/api/provider/checks/${type}/renewals`, body);

  async function providerUpload(token: string) {
    const { uploadURL, put } = await uploadDocument('/api/provider/documents/upload', PDF, token);
    expect(put.status).toBe(200);
    return uploadURL;
  }

  it('waits for an admin while the current record counts; a recorded pass reviews it', async () => {
    const { provider, token } = await providerWithPsira();
    const upload = await providerUpload(token);
    const newExpiry = inAYear();
    await okJson(
      renew(token, 'psira', {
        document: { upload, fileName: 'psira-2027.pdf' },
        validUntil: newExpiry,
        reference: '1234567',
      }),
      201,
    );
    const own = await okJson<{
      status: string;
      checks: { type: string; validUntil: string }[];
      renewals: { type: string; validUntil: string }[];
    }>(sendAs(api, token, 'GET', '/api/provider/checks'));
    expect(own.status).toBe('verified');
    expect(own.checks.find((check) => check.type === 'psira')?.validUntil).toBe(
      addDays(saToday(), 10),
    );
    expect(own.renewals).toEqual([
      expect.objectContaining({ type: 'psira', validUntil: newExpiry }),
    ]);
    const waiting = await okJson<{ providerId: number; type: string }[]>(
      sendAs(api, admin.token, 'GET', '/api/admin/verification?queue=waiting'),
    );
    expect(waiting).toEqual([expect.objectContaining({ providerId: provider.id, type: 'psira' })]);

    await okJson(
      sendAs(api, admin.token, 'PUT', `/api/admin/providers/${provider.id}/checks/psira`, {
        status: 'passed',
        reference: '1234567',
        validUntil: newExpiry,
      }),
    );
    const after = await okJson<{
      renewals: unknown[];
      checks: { type: string; validUntil: string }[];
    }>(sendAs(api, token, 'GET', '/api/provider/checks'));
    expect(after.renewals).toEqual([]);
    expect(after.checks.find((check) => check.type === 'psira')?.validUntil).toBe(newExpiry);
    const [document] = await documentRows();
    expect(document).toMatchObject({ reviewStatus: 'reviewed', uploadedBy: 'provider' });
  });

  it("refuses another provider's upload, a past expiry, a criminal record and a check that does not apply", async () => {
    const { token } = await providerWithPsira();
    const other = await insertProvider(api.database.db, {
      services: ['network'],
      email: 'other@example.co.za',
    });
    const otherToken = await providerSession(api, other.id);
    const theirs = await providerUpload(otherToken);
    const mine = await providerUpload(token);
    const document = (upload: string) => ({ upload, fileName: 'certificate.pdf' });

    await expectFieldError(
      await renew(token, 'psira', { document: document(theirs), validUntil: inAYear() }),
      'document.upload',
      DOCUMENT_NOT_FOUND,
    );
    await expectFieldError(
      await renew(token, 'psira', { document: document(mine), validUntil: addDays(saToday(), -1) }),
      'validUntil',
      RENEWAL_MESSAGES.expired,
    );
    await expectFieldError(
      await renew(token, 'criminal_record', { document: document(mine), validUntil: inAYear() }),
      'document',
      NO_CRIMINAL_RECORD_DOCUMENTS,
    );
    await expectError(
      await renew(otherToken, 'psira', { document: document(theirs), validUntil: inAYear() }),
      400,
      RENEWAL_MESSAGES.notYours,
    );
    await expectError(
      await renew(token, 'references', { document: document(mine), validUntil: inAYear() }),
      400,
      RENEWAL_MESSAGES.byOurTeam,
    );
    await expectError(
      await renew(token, 'passport', { document: document(mine), validUntil: inAYear() }),
      400,
      'Unknown check type',
    );
    expect(await documentRows()).toEqual([]);
    // Mine was not used up by the refusals.
    await okJson(renew(token, 'psira', { document: document(mine), validUntil: inAYear() }), 201);
  });
});

describe('evidence recorded by an admin', () => {
  it('is attached to the outcome, reviewed; a criminal record is refused and nothing stored', async () => {
    const provider = await insertProvider(api.database.db, { services: ['cctv'] });
    const upload = async () => {
      const { uploadURL, put } = await uploadDocument(
        '/api/admin/documents/upload',
        PDF,
        admin.token,
      );
      expect(put.status).toBe(200);
      return uploadURL;
    };
    const answer = await okJson<{
      checks: {
        type: string;
        documents: { fileName: string; uploadedBy: string; reviewStatus: string }[];
      }[];
    }>(
      sendAs(api, admin.token, 'PUT', `/api/admin/providers/${provider.id}/checks/insurance`, {
        status: 'passed',
        insurer: 'Santam',
        coverAmount: 5_000_000,
        validUntil: inAYear(),
        documents: [{ upload: await upload(), fileName: 'schedule.pdf' }],
      }),
    );
    expect(answer.checks.find((check) => check.type === 'insurance')?.documents).toEqual([
      expect.objectContaining({
        fileName: 'schedule.pdf',
        uploadedBy: 'admin',
        reviewStatus: 'reviewed',
      }),
    ]);
    const refused = await sendAs(
      api,
      admin.token,
      'PUT',
      `/api/admin/providers/${provider.id}/checks/criminal_record`,
      {
        status: 'passed',
        validUntil: inAYear(),
        documents: [{ upload: await upload(), fileName: 'record.pdf' }],
      },
    );
    await expectFieldError(refused, 'documents', NO_CRIMINAL_RECORD_DOCUMENTS);
    expect(await documentRows()).toHaveLength(1);
    const [check] = await api.database.db
      .select()
      .from(providerChecks)
      .where(eq(providerChecks.checkType, 'criminal_record'));
    expect(check).toBeUndefined();
  });
});

describe('deleting a provider', () => {
  it('deletes its evidence documents, rows and files', async () => {
    const { applicationId, objectKey } = await applicationWithDocument();
    const { providerId } = await okJson<{ providerId: number }>(
      sendAs(api, admin.token, 'POST', `/api/admin/applications/${applicationId}/approve`),
      201,
    );
    const file = path.join(api.env.DATA_DIR, 'objects', objectKey);
    await api.runJobs();
    expect(existsSync(file)).toBe(true);
    await okJson(sendAs(api, admin.token, 'DELETE', `/api/admin/providers/${providerId}`));
    await api.runJobs();
    expect(await documentRows()).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });
});
