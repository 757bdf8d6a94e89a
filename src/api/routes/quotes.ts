/**
 * Quotes, their acceptance, variations and the agreed job (docs/decisions/0051), for the
 * three audiences at once, mounted on /api with one line: the customer's status page
 * (/api/requests/..., the status token is the key), the provider's dashboard
 * (/api/provider/..., its session, its own copies only) and the desk (/api/admin/...).
 * Each route states its own session check, so nothing here reaches the other routers.
 */
import { Hono } from 'hono';
import {
  CompleteJobSchema,
  CustomerDeclineSchema,
  CustomerDisputeSchema,
  DisputeSchema,
  CustomerPreparationFeeSchema,
  CustomerTokenSchema,
  PreparationFeeSchema,
  QuoteSchema,
  VariationSchema,
} from '../../lib/schemas/quotes.ts';
import { RequestStatusQuerySchema } from '../../lib/schemas/request-status.ts';
import type { AppEnv } from '../app-env.ts';
import { requireAdmin } from '../auth/require-admin.ts';
import { requireListedProvider, requireProvider } from '../auth/require-provider.ts';
import { csvDownload } from '../exports/csv-download.ts';
import { changesPublicData, noStore } from '../http/cache.ts';
import { idParam } from '../http/id-param.ts';
import { validJson, validParams, validQuery } from '../http/route-input.ts';
import { siteUrl } from '../http/site-url.ts';
import { acceptQuote, ACCEPT_MESSAGES } from '../quotes/accept-quote.ts';
import { answerPreparationFee } from '../quotes/answer-preparation-fee.ts';
import { askPreparationFee } from '../quotes/ask-preparation-fee.ts';
import { completeJob } from '../quotes/complete-job.ts';
import { decideVariation, VARIATION_MESSAGES } from '../quotes/decide-variation.ts';
import { declineQuote } from '../quotes/decline-quote.ts';
import { exportJobsCsv } from '../quotes/export-jobs-csv.ts';
import { getCustomerQuotes } from '../quotes/get-customer-quotes.ts';
import { getProviderQuotes } from '../quotes/get-provider-quotes.ts';
import { getDeskQuotes, listDeskJobs } from '../quotes/list-desk-jobs.ts';
import { proposeVariation } from '../quotes/propose-variation.ts';
import { jobDocument, quoteDocument } from '../quotes/quote-documents.ts';
import { pdfHeaders } from '../quotes/quote-pdf.ts';
import { raiseCustomerDispute, raiseProviderDispute } from '../quotes/raise-dispute.ts';
import { sendQuote } from '../quotes/send-quote.ts';
import type { RateLimit } from '../rate-limits/hit-rate-limit.ts';
import { rateLimited } from '../rate-limits/rate-limited.ts';
import { ownCopy } from './own-copy.ts';

/**
 * The customer's answers from the status page, per client: generous enough for a
 * household comparing three quotes (and for a click repeated on two devices), not for a
 * flood.
 */
const CUSTOMER_ANSWERS: RateLimit = {
  name: 'quote-answer',
  max: 60,
  windowSeconds: 10 * 60,
  message: 'Too many answers from your connection. Please try again in a few minutes.',
};

const enquiryId = validParams({ id: idParam('Enquiry not found') });
const quoteId = validParams({ id: idParam(ACCEPT_MESSAGES.notFound) });
const variationId = validParams({ id: idParam(VARIATION_MESSAGES.notFound) });

export const quoteRoutes = new Hono<AppEnv>()
  // The customer's side: the status token opens the whole request group.
  .get('/requests/quotes', validQuery(RequestStatusQuerySchema), async (c) => {
    noStore(c);
    return c.json(await getCustomerQuotes(c.var.db, c.req.valid('query').token));
  })
  /** A quote version as PDF, and the agreed job: linked from the page and the mails. */
  .get(
    '/requests/quotes/:id{[0-9]+}/pdf',
    quoteId,
    validQuery(RequestStatusQuerySchema),
    async (c) => {
      const { bytes, fileName } = await quoteDocument(
        c.var.db,
        { kind: 'customer', token: c.req.valid('query').token },
        c.req.valid('param').id,
      );
      return c.body(bytes, 200, pdfHeaders(fileName));
    },
  )
  .get('/requests/job/pdf', validQuery(RequestStatusQuerySchema), async (c) => {
    const { bytes, fileName } = await jobDocument(
      c.var.db,
      { kind: 'customer', token: c.req.valid('query').token },
      undefined,
    );
    return c.body(bytes, 200, pdfHeaders(fileName));
  })
  .post(
    '/requests/quotes/:id{[0-9]+}/accept',
    rateLimited(CUSTOMER_ANSWERS),
    quoteId,
    validJson(CustomerTokenSchema),
    async (c) => {
      noStore(c);
      return c.json(
        await acceptQuote(c.var.db, {
          token: c.req.valid('json').token,
          quoteId: c.req.valid('param').id,
          siteUrl: siteUrl(c),
        }),
      );
    },
  )
  .post(
    '/requests/quotes/:id{[0-9]+}/decline',
    rateLimited(CUSTOMER_ANSWERS),
    quoteId,
    validJson(CustomerDeclineSchema),
    async (c) => {
      noStore(c);
      const { token, reason } = c.req.valid('json');
      return c.json(
        await declineQuote(c.var.db, {
          token,
          reason,
          quoteId: c.req.valid('param').id,
          siteUrl: siteUrl(c),
        }),
      );
    },
  )
  .post(
    '/requests/preparation-fee',
    rateLimited(CUSTOMER_ANSWERS),
    validJson(CustomerPreparationFeeSchema),
    async (c) => {
      noStore(c);
      return c.json(
        await answerPreparationFee(c.var.db, { ...c.req.valid('json'), siteUrl: siteUrl(c) }),
      );
    },
  )
  /** Either side may flag the agreed job as disputed, with a reason: the desk sees it. */
  .post(
    '/requests/job/dispute',
    rateLimited(CUSTOMER_ANSWERS),
    changesPublicData,
    validJson(CustomerDisputeSchema),
    async (c) => {
      noStore(c);
      return c.json(await raiseCustomerDispute(c.var.db, c.req.valid('json')));
    },
  )
  .post(
    '/requests/variations/:id{[0-9]+}/approve',
    rateLimited(CUSTOMER_ANSWERS),
    variationId,
    validJson(CustomerTokenSchema),
    async (c) => {
      noStore(c);
      return c.json(
        await decideVariation(c.var.db, {
          token: c.req.valid('json').token,
          variationId: c.req.valid('param').id,
          approve: true,
          reason: null,
          siteUrl: siteUrl(c),
        }),
      );
    },
  )
  .post(
    '/requests/variations/:id{[0-9]+}/decline',
    rateLimited(CUSTOMER_ANSWERS),
    variationId,
    validJson(CustomerDeclineSchema),
    async (c) => {
      noStore(c);
      const { token, reason } = c.req.valid('json');
      return c.json(
        await decideVariation(c.var.db, {
          token,
          variationId: c.req.valid('param').id,
          approve: false,
          reason,
          siteUrl: siteUrl(c),
        }),
      );
    },
  )

  // The provider's side: its own copy of a request.
  .get('/provider/enquiries/:id{[0-9]+}/quotes', requireProvider, enquiryId, async (c) =>
    c.json(
      await getProviderQuotes(c.var.db, {
        ...ownCopy(c),
        depositCapPercent: c.var.env.QUOTE_DEPOSIT_CAP_PERCENT,
      }),
    ),
  )
  .get('/provider/quotes/:id{[0-9]+}/pdf', requireProvider, quoteId, async (c) => {
    const { bytes, fileName } = await quoteDocument(
      c.var.db,
      { kind: 'provider', providerId: c.var.provider.id },
      c.req.valid('param').id,
    );
    return c.body(bytes, 200, pdfHeaders(fileName));
  })
  .get('/provider/enquiries/:id{[0-9]+}/job/pdf', requireProvider, enquiryId, async (c) => {
    const { bytes, fileName } = await jobDocument(
      c.var.db,
      { kind: 'provider', providerId: c.var.provider.id },
      c.req.valid('param').id,
    );
    return c.body(bytes, 200, pdfHeaders(fileName));
  })
  .post(
    '/provider/enquiries/:id{[0-9]+}/quotes',
    requireProvider,
    requireListedProvider,
    enquiryId,
    validJson(QuoteSchema),
    async (c) =>
      c.json(
        await sendQuote(c.var.db, {
          ...ownCopy(c),
          quote: c.req.valid('json'),
          depositCapPercent: c.var.env.QUOTE_DEPOSIT_CAP_PERCENT,
          siteUrl: siteUrl(c),
        }),
        201,
      ),
  )
  .post(
    '/provider/enquiries/:id{[0-9]+}/preparation-fee',
    requireProvider,
    requireListedProvider,
    enquiryId,
    validJson(PreparationFeeSchema),
    async (c) =>
      c.json(
        await askPreparationFee(c.var.db, {
          ...ownCopy(c),
          feeCents: c.req.valid('json').feeCents,
          siteUrl: siteUrl(c),
        }),
      ),
  )
  /** Extra cost after acceptance: a variation the customer approves or declines. */
  .post(
    '/provider/enquiries/:id{[0-9]+}/variations',
    requireProvider,
    requireListedProvider,
    enquiryId,
    validJson(VariationSchema),
    async (c) =>
      c.json(
        await proposeVariation(c.var.db, {
          ...ownCopy(c),
          variation: c.req.valid('json'),
          siteUrl: siteUrl(c),
        }),
        201,
      ),
  )
  /** The agreed job completed at its final total; the public record counts it. */
  .post(
    '/provider/enquiries/:id{[0-9]+}/job/complete',
    requireProvider,
    requireListedProvider,
    changesPublicData,
    enquiryId,
    validJson(CompleteJobSchema),
    async (c) =>
      c.json(
        await completeJob(c.var.db, {
          ...ownCopy(c),
          finalTotalCents: c.req.valid('json').finalTotalCents,
          secret: c.var.sessionSecret,
          siteUrl: siteUrl(c),
        }),
      ),
  )
  .post(
    '/provider/enquiries/:id{[0-9]+}/job/dispute',
    requireProvider,
    changesPublicData,
    enquiryId,
    validJson(DisputeSchema),
    async (c) =>
      c.json(
        await raiseProviderDispute(c.var.db, {
          ...ownCopy(c),
          reason: c.req.valid('json').reason,
        }),
      ),
  )

  // The desk: every agreed job (disputed first), a request's quotes, the documents, the CSV.
  .get('/admin/jobs', requireAdmin, async (c) => c.json(await listDeskJobs(c.var.db)))
  .get('/admin/enquiries/:id{[0-9]+}/quotes', requireAdmin, enquiryId, async (c) =>
    c.json(await getDeskQuotes(c.var.db, c.req.valid('param').id)),
  )
  .get('/admin/quotes/:id{[0-9]+}/pdf', requireAdmin, quoteId, async (c) => {
    const { bytes, fileName } = await quoteDocument(
      c.var.db,
      { kind: 'admin' },
      c.req.valid('param').id,
    );
    return c.body(bytes, 200, pdfHeaders(fileName));
  })
  .get('/admin/exports/jobs.csv', requireAdmin, async (c) => {
    return csvDownload(c.var.db, c.var.admin.id, await exportJobsCsv(c.var.db), 'jobs');
  });
