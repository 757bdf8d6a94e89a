/**
 * The documents to keep (docs/decisions/0051): each quote version and the agreed job as
 * PDF, read back here with a PDF text extractor (unpdf, PDF.js), so the totals and VAT a
 * customer keeps are the ones stored. Only the request's customer (its token), its
 * provider and nobody else gets them.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeEach, describe, expect, it } from 'vitest';
import { okJson } from '../helpers/api-fixtures.ts';
import {
  insertProvider,
  insertUbuntuSecurity,
  UBUNTU_VAT_REGISTRATION,
} from '../helpers/builders.ts';
import { expectError } from '../helpers/error-answer.ts';
import {
  acceptQuote,
  asProvider,
  customerPost,
  insertRequestGroup,
  postQuote,
  quoteBody,
  type RequestGroup,
} from '../helpers/quote-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();

let provider: { id: number; name: string };
let other: { id: number };
let group: RequestGroup;
let quoteId: number;

beforeEach(async () => {
  await api.database.reset();
  provider = await insertUbuntuSecurity(api.database.db, {
    phone: '+27115550123',
    ...UBUNTU_VAT_REGISTRATION,
  });
  other = await insertProvider(api.database.db, { name: 'Karoo Camera Works' });
  group = await insertRequestGroup(api, [provider.id, other.id], {
    customerName: 'Thandi Nkosi',
    location: 'Sandton',
  });
  quoteId = (
    await okJson<{ id: number }>(postQuote(api, provider.id, group.copies[0]!.id, quoteBody()), 201)
  ).id;
});

/** The PDF's text, every page joined, spaces made plain. */
async function pdfText(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('the PDF of a quote', () => {
  it('carries both parties, the registration, the lines, VAT, totals and the s15 wording', async () => {
    const text = await pdfText(
      await api.get(`/api/requests/quotes/${quoteId}/pdf?token=${group.token}`),
    );
    for (const expected of [
      'Quote VP-',
      'version 1',
      'Ubuntu Security Solutions (Pty) Ltd',
      '4123456789',
      'Thandi Nkosi',
      'Sandton',
      'Install and aim four cameras',
      '4 MP dome camera',
      'R1 299,50',
      'Subtotal',
      'R7 898,00',
      'VAT (15%)',
      'R1 184,70',
      'R9 082,70',
      'Valid until',
      'R1 816,54 (20% of the total)',
      '6 months',
      'Consumer Protection Act, section 15',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('is its provider’s and its customer’s only', async () => {
    const provided = await asProvider(
      api,
      provider.id,
      'GET',
      `/api/provider/quotes/${quoteId}/pdf`,
    );
    expect(await pdfText(provided)).toContain('R9 082,70');
    await expectError(
      await asProvider(api, other.id, 'GET', `/api/provider/quotes/${quoteId}/pdf`),
      404,
    );
    const stranger = await insertRequestGroup(api, [other.id]);
    await expectError(
      await api.get(`/api/requests/quotes/${quoteId}/pdf?token=${stranger.token}`),
      404,
    );
  });
});

describe('the PDF of the agreed job', () => {
  it('names the accepted version, the approved variation and the agreed total', async () => {
    await expectError(await api.get(`/api/requests/job/pdf?token=${group.token}`), 404);
    await okJson(acceptQuote(api, quoteId, group.token));
    const copy = group.copies[0]!.id;
    const variation = await okJson<{ id: number }>(
      asProvider(api, provider.id, 'POST', `/api/provider/enquiries/${copy}/variations`, {
        reason: 'A longer cable run than the visit showed.',
        lines: [
          {
            kind: 'materials',
            description: 'Cat6 cable',
            quantity: 20,
            unit: 'm',
            unitPriceCents: 1_250,
          },
        ],
      }),
      201,
    );
    await okJson(
      customerPost(api, `/api/requests/variations/${variation.id}/approve`, {
        token: group.token,
      }),
    );
    const text = await pdfText(await api.get(`/api/requests/job/pdf?token=${group.token}`));
    // R250 + VAT R37,50 = R287,50; agreed R9 082,70 + R287,50 = R9 370,20.
    for (const expected of [
      'Agreed job VP-',
      'Quote version 1 accepted',
      'Variation 1 (approved',
      'Cat6 cable',
      'R287,50',
      'Agreed total',
      'R9 370,20',
      'Not completed yet',
      '4123456789',
    ]) {
      expect(text).toContain(expected);
    }
    const provided = await asProvider(
      api,
      provider.id,
      'GET',
      `/api/provider/enquiries/${copy}/job/pdf`,
    );
    expect(await pdfText(provided)).toContain('R9 370,20');
    await expectError(
      await asProvider(api, other.id, 'GET', `/api/provider/enquiries/${copy}/job/pdf`),
      404,
    );
  });
});
