/**
 * The conversations of requests (docs/decisions/0050), for the three who read them: the
 * customer with the status page's token (/api/requests/messages), the signed-in provider
 * (/api/provider/...) and the enquiry desk (/api/admin/...). Mounted on /api; each route
 * declares the session it needs.
 */
import { Hono } from 'hono';
import { MessageSchema, CustomerMessageSchema } from '../../lib/schemas/request-messages.ts';
import { MESSAGE_TEXTS } from '../../lib/schemas/request-messages.ts';
import { RequestStatusQuerySchema } from '../../lib/schemas/request-status.ts';
import type { AppEnv } from '../app-env.ts';
import { requireAdmin, type AdminEnv } from '../auth/require-admin.ts';
import {
  requireListedProvider,
  requireProvider,
  type ProviderEnv,
} from '../auth/require-provider.ts';
import { noStore } from '../http/cache.ts';
import { clientAddress } from '../http/client-address.ts';
import { idParam } from '../http/id-param.ts';
import { validJson, validParams, validQuery } from '../http/route-input.ts';
import { siteUrl } from '../http/site-url.ts';
import {
  listCustomerMessages,
  listDeskMessages,
  listProviderMessages,
  listProviderMessageSummaries,
} from '../messages/list-messages.ts';
import { messageFileHeaders, readMessageFile } from '../messages/message-files.ts';
import { sendCustomerMessage, sendProviderMessage } from '../messages/send-message.ts';
import { recordRequestFileLook } from '../privacy/record-access.ts';
import { copiesOfToken } from '../requests/request-of-token.ts';
import { providerUploadTicket, publicUploadTicket } from '../uploads/upload-tickets-by-asker.ts';
import { ownCopy } from './own-copy.ts';

const byEnquiry = validParams({ id: idParam(MESSAGE_TEXTS.notFound) });
const byFile = validParams({ id: idParam(MESSAGE_TEXTS.fileNotFound) });

/** The customer's side: the status page's token is the key, no account. */
const customer = new Hono<AppEnv>()
  .get('/requests/messages', validQuery(RequestStatusQuerySchema), async (c) => {
    noStore(c);
    return c.json(await listCustomerMessages(c.var.db, c.req.valid('query')));
  })
  .post('/requests/messages', validJson(CustomerMessageSchema), async (c) => {
    noStore(c);
    const sent = await sendCustomerMessage(c.var.db, c.var.objects, c.req.valid('json'), {
      client: clientAddress(c),
      siteUrl: siteUrl(c),
    });
    return c.json({ ...sent, message: 'Your message is sent.' }, 201);
  })
  .get(
    '/requests/messages/files/:id{[0-9]+}',
    validQuery(RequestStatusQuerySchema),
    byFile,
    async (c) => {
      const { token } = c.req.valid('query');
      const enquiryIds = await copiesOfToken(c.var.db, token);
      const file = await readMessageFile(c.var.db, c.var.objects, {
        fileId: c.req.valid('param').id,
        viewer: { kind: 'customer', enquiryIds, token },
      });
      return c.body(file.bytes, 200, messageFileHeaders(file));
    },
  )
  // Photos and PDFs for a message (10 MB), kept privately.
  .post('/public/requests/messages/upload', async (c) => {
    noStore(c);
    return c.json(await publicUploadTicket(c, 'message-attachment'));
  });

/** The provider's side: its own copies only, and only while it is on the listing to write. */
const provider = new Hono<ProviderEnv>()
  .get('/provider/messages', requireProvider, async (c) =>
    c.json(await listProviderMessageSummaries(c.var.db, c.var.provider.id)),
  )
  // Only while listed, as the customer's contact details and photos (require-provider.ts).
  .get(
    '/provider/enquiries/:id{[0-9]+}/messages',
    requireProvider,
    requireListedProvider,
    byEnquiry,
    async (c) =>
      c.json(
        await listProviderMessages(c.var.db, {
          ...ownCopy(c),
        }),
      ),
  )
  .post(
    '/provider/enquiries/:id{[0-9]+}/messages',
    requireProvider,
    requireListedProvider,
    byEnquiry,
    validJson(MessageSchema),
    async (c) => {
      const sent = await sendProviderMessage(c.var.db, c.var.objects, {
        ...ownCopy(c),
        message: c.req.valid('json'),
        siteUrl: siteUrl(c),
      });
      return c.json({ ...sent, message: 'Your message is sent.' }, 201);
    },
  )
  .get(
    '/provider/messages/files/:id{[0-9]+}',
    requireProvider,
    requireListedProvider,
    byFile,
    async (c) => {
      const file = await readMessageFile(c.var.db, c.var.objects, {
        fileId: c.req.valid('param').id,
        viewer: { kind: 'provider', providerId: c.var.provider.id },
      });
      return c.body(file.bytes, 200, messageFileHeaders(file));
    },
  )
  .post('/provider/messages/upload', requireProvider, async (c) =>
    c.json(await providerUploadTicket(c, 'message-attachment')),
  );

/** The desk reads every conversation of a copy. */
const desk = new Hono<AdminEnv>()
  .get('/admin/enquiries/:id{[0-9]+}/messages', requireAdmin, byEnquiry, async (c) =>
    c.json(await listDeskMessages(c.var.db, c.req.valid('param').id)),
  )
  .get('/admin/messages/files/:id{[0-9]+}', requireAdmin, byFile, async (c) => {
    const file = await readMessageFile(c.var.db, c.var.objects, {
      fileId: c.req.valid('param').id,
      viewer: { kind: 'admin' },
    });
    await recordRequestFileLook(c.var.db, c.var.admin.id, {
      what: 'A file sent in a conversation',
      enquiryId: file.enquiryId,
    });
    return c.body(file.bytes, 200, messageFileHeaders(file));
  });

export const messageRoutes = new Hono<AppEnv>()
  .route('/', customer)
  .route('/', provider)
  .route('/', desk);
