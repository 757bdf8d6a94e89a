/**
 * The privacy centre (/privacy/my-data, docs/decisions/0052): a link mailed to an address
 * opens what is held about it; the link's token is the permission, as a request's status
 * page's is. Nothing here is cached.
 */
import { Hono } from 'hono';
import { formatDate } from '../../lib/format.ts';
import {
  CASE_MESSAGES,
  CONSENT_MESSAGES,
  PRIVACY_MESSAGES,
  PrivacyCaseSchema,
  PrivacyConsentSchema,
  PrivacyCorrectionSchema,
  PrivacyLinkRequestSchema,
  PrivacyTokenSchema,
} from '../../lib/schemas/privacy.ts';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../errors.ts';
import { changesPublicData, noStore } from '../http/cache.ts';
import { clientAddress } from '../http/client-address.ts';
import { validJson, validQuery } from '../http/route-input.ts';
import { siteUrl } from '../http/site-url.ts';
import { correctPersonalData } from '../privacy/correct-personal-data.ts';
import { deletePersonalData } from '../privacy/delete-personal-data.ts';
import { describePersonalData } from '../privacy/describe-personal-data.ts';
import { gatherPersonalData } from '../privacy/gather-personal-data.ts';
import { consentOfUnsubscribe, setNewsConsent, withdrawConsent } from '../privacy/mail-kinds.ts';
import { objectToProcessing } from '../privacy/object-to-processing.ts';
import { PERSONAL_DATA_ZIP_HEADERS, personalDataZip } from '../privacy/personal-data-zip.ts';
import { openPrivacyCase } from '../privacy/privacy-cases.ts';
import { addressOfLink } from '../privacy/privacy-links.ts';
import { requestPrivacyLink } from '../privacy/request-privacy-link.ts';

export const privacyRoutes = new Hono<AppEnv>()
  /** The same answer whether or not the address is known (request-privacy-link.ts). */
  .post('/link', validJson(PrivacyLinkRequestSchema), async (c) => {
    noStore(c);
    const { email } = c.req.valid('json');
    await requestPrivacyLink(c.var.db, { email, siteUrl: siteUrl(c), client: clientAddress(c) });
    return c.json({ message: PRIVACY_MESSAGES.linkSent(email) }, 202);
  })
  .get('/my-data', validQuery(PrivacyTokenSchema), async (c) => {
    noStore(c);
    const { email, expiresAt } = await addressOfLink(c.var.db, c.req.valid('query').token);
    const view = await describePersonalData(
      c.var.db,
      email,
      await gatherPersonalData(c.var.db, email),
    );
    return c.json({ ...view, linkExpiresAt: expiresAt.toISOString() });
  })
  .get('/my-data/download', validQuery(PrivacyTokenSchema), async (c) => {
    noStore(c);
    const { email } = await addressOfLink(c.var.db, c.req.valid('query').token);
    const held = await gatherPersonalData(c.var.db, email);
    const view = await describePersonalData(c.var.db, email, held);
    const zip = personalDataZip({
      generatedAt: new Date().toISOString(),
      view,
      records: held.records,
    });
    return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
      ...PERSONAL_DATA_ZIP_HEADERS,
      'Cache-Control': 'private, no-store',
    });
  })
  .post('/my-data/correct', validJson(PrivacyCorrectionSchema), async (c) => {
    noStore(c);
    const { token, ...correction } = c.req.valid('json');
    const { email } = await addressOfLink(c.var.db, token);
    const { requests } = await correctPersonalData(c.var.db, email, correction);
    return c.json({ message: PRIVACY_MESSAGES.corrected, requests });
  })
  .post('/my-data/object', validJson(PrivacyTokenSchema), async (c) => {
    noStore(c);
    const { email } = await addressOfLink(c.var.db, c.req.valid('json').token);
    await objectToProcessing(c.var.db, email);
    return c.json({ message: PRIVACY_MESSAGES.objected });
  })
  /** A correction the centre cannot make, or a complaint: a case for the information officer. */
  .post('/my-data/case', validJson(PrivacyCaseSchema), async (c) => {
    noStore(c);
    const { token, kind, message } = c.req.valid('json');
    const { email } = await addressOfLink(c.var.db, token);
    const { dueAt } = await c.var.db.transaction((tx) =>
      openPrivacyCase(tx, { kind, email, message }),
    );
    return c.json(
      {
        message: CASE_MESSAGES.received(formatDate(dueAt.toISOString())),
        dueAt: dueAt.toISOString(),
      },
      201,
    );
  })
  .post('/my-data/consent', validJson(PrivacyConsentSchema), async (c) => {
    noStore(c);
    const { token, given } = c.req.valid('json');
    const { email } = await addressOfLink(c.var.db, token);
    await setNewsConsent(c.var.db, email, given);
    return c.json({ message: given ? CONSENT_MESSAGES.given : CONSENT_MESSAGES.withdrawn });
  })
  /**
   * One-click unsubscribe (RFC 8058): a mail program POSTs `List-Unsubscribe=One-Click` to
   * the List-Unsubscribe address, without a session or cookie. The address's signature is
   * the permission; the body is not needed (RFC 8058 section 3.2 allows any), so any is taken.
   */
  .post('/unsubscribe', async (c) => {
    noStore(c);
    const consentId = consentOfUnsubscribe(
      c.var.sessionSecret,
      c.req.query('consent'),
      c.req.query('signature'),
    );
    if (consentId === undefined) {
      throw new AppError('not_found', CONSENT_MESSAGES.invalidUnsubscribe);
    }
    await withdrawConsent(c.var.db, consentId);
    return c.json({ message: CONSENT_MESSAGES.unsubscribed });
  })
  .post('/my-data/delete', changesPublicData, validJson(PrivacyTokenSchema), async (c) => {
    noStore(c);
    const { email } = await addressOfLink(c.var.db, c.req.valid('json').token);
    const { kept, requests } = await deletePersonalData(c.var.db, { email, siteUrl: siteUrl(c) });
    return c.json({ message: PRIVACY_MESSAGES.deleted, kept, requests });
  });
