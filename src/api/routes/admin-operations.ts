/**
 * /api/admin/* beyond sign-in and applications: providers, flash ads, the enquiry desk,
 * admin users and CSV exports. Mounted inside the signed-in admin routes (requireAdmin).
 */
import { Hono } from 'hono';
import {
  AdminProviderListQuerySchema,
  EnquiryDeskQuerySchema,
} from '../../lib/schemas/admin-lists.ts';
import { MailListQuerySchema } from '../../lib/schemas/admin-mail.ts';
import {
  ADMIN_PROVIDER_FIELDS,
  CreateProviderSchema,
  EnquiryUpdateSchema,
  FlashAdSchema,
  NewAdminSchema,
  UpdateAdminSchema,
  UpdateProviderSchema,
} from '../../lib/schemas/admin-operations.ts';
import { addAdmin } from '../admins/add-admin.ts';
import { listAdmins } from '../admins/list-admins.ts';
import { setAdminActive } from '../admins/set-admin-active.ts';
import type { AdminEnv } from '../auth/require-admin.ts';
import { documentOfLink, openDocument, readDocument } from '../documents/document-links.ts';
import { getEnquiry } from '../enquiries/get-enquiry.ts';
import { listEnquiries } from '../enquiries/list-enquiries.ts';
import { listReassignCandidates } from '../enquiries/reassign-candidates.ts';
import { reassignEnquiry } from '../enquiries/reassign-enquiry.ts';
import { ReassignEnquirySchema } from '../../lib/schemas/enquiry-follow-up.ts';
import { updateEnquiry } from '../enquiries/update-enquiry.ts';
import { exportEnquiriesCsv } from '../exports/export-enquiries-csv.ts';
import { exportProvidersCsv } from '../exports/export-providers-csv.ts';
import { createFlashAd } from '../flash-ads/create-flash-ad.ts';
import { deleteFlashAd } from '../flash-ads/delete-flash-ad.ts';
import { listAllFlashAds } from '../flash-ads/list-all-flash-ads.ts';
import { updateFlashAd } from '../flash-ads/update-flash-ad.ts';
import { noStore } from '../http/cache.ts';
import { idParam } from '../http/id-param.ts';
import { readSitePhoto, SITE_PHOTO_NOT_FOUND, sitePhotoHeaders } from '../requests/site-photos.ts';
import { contentDisposition } from '../storage/content-disposition.ts';
import { hideReview } from '../reviews/hide-review.ts';
import { listReviewsForAdmin } from '../reviews/list-reviews-for-admin.ts';
import { releaseReview } from '../reviews/release-review.ts';
import { showReview } from '../reviews/show-review.ts';
import { HideReviewSchema } from '../../lib/schemas/reviews.ts';
import { AdminReviewQuerySchema } from '../../lib/schemas/review-moderation.ts';
import { declareJson, declareQuery } from '../http/declare-input.ts';
import { readJson } from '../http/read-json.ts';
import { siteUrl } from '../http/site-url.ts';
import { withoutUnchanged } from '../http/unchanged-fields.ts';
import { parseOrThrow } from '../http/validate.ts';
import { createProvider } from '../providers/create-provider.ts';
import { deleteProvider } from '../providers/delete-provider.ts';
import { getAdminProvider } from '../providers/get-admin-provider.ts';
import { listAdminProviders } from '../providers/list-admin-providers.ts';
import { updateProvider } from '../providers/update-provider.ts';
import { countOutboxMail } from '../mail/count-outbox-mail.ts';
import { listOutboxMail } from '../mail/list-outbox-mail.ts';
import { MAIL_NOT_FOUND, resendMail } from '../mail/resend-mail.ts';
import {
  checkTypeParam,
  RecordCheckSchema,
  VerificationQueueQuerySchema,
} from '../../lib/schemas/verification.ts';
import { getAdminChecks } from '../verification/get-admin-checks.ts';
import { listVerificationQueue } from '../verification/list-verification-queue.ts';
import { recordCheck } from '../verification/record-check.ts';

const id = (value: string) => idParam(value);
const checkType = (value: string) => parseOrThrow(checkTypeParam, value);

function csvDownload(body: string, name: string) {
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${date}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

export const adminOperationRoutes = new Hono<AdminEnv>()
  // Providers
  // One page, filtered (X-Total-Count: how many match).
  .get('/providers', declareQuery(AdminProviderListQuerySchema), async (c) => {
    const query = parseOrThrow(AdminProviderListQuerySchema, c.req.query());
    const { items, total } = await listAdminProviders(c.var.db, query);
    c.header('X-Total-Count', String(total));
    return c.json(items);
  })
  .get('/providers/:id', async (c) =>
    c.json(await getAdminProvider(c.var.db, id(c.req.param('id')))),
  )
  .post('/providers', declareJson(CreateProviderSchema), async (c) => {
    const input = parseOrThrow(CreateProviderSchema, await readJson(c));
    return c.json(await createProvider(c.var.db, input), 201);
  })
  .put('/providers/:id', declareJson(UpdateProviderSchema), async (c) => {
    const providerId = id(c.req.param('id'));
    const body = await readJson(c);
    const current = await getAdminProvider(c.var.db, providerId);
    // Fields sent back as GET /providers/:id answered them keep their stored values
    // unchecked (a seed's photo file name, the rating its reviews give): only the
    // fields the body changes are checked and written.
    const sent = withoutUnchanged(body, current, ADMIN_PROVIDER_FIELDS);
    // All of it sent back as it was read: nothing to write, and nothing wrong either.
    if (sent.unchanged.length > 0 && sent.changed.length === 0) return c.json(current);
    const changes = parseOrThrow(UpdateProviderSchema, sent.body);
    return c.json(await updateProvider(c.var.db, providerId, changes));
  })
  .delete('/providers/:id', async (c) => {
    await deleteProvider(c.var.db, id(c.req.param('id')));
    return c.json({ message: 'Provider deleted' });
  })
  // Verification: the checks behind the badge
  .get('/providers/:id/checks', async (c) =>
    c.json(await getAdminChecks(c.var.db, id(c.req.param('id')))),
  )
  .put('/providers/:id/checks/:type', declareJson(RecordCheckSchema), async (c) => {
    const providerId = id(c.req.param('id'));
    const type = checkType(c.req.param('type'));
    const input = parseOrThrow(RecordCheckSchema, await readJson(c));
    return c.json(
      await recordCheck(c.var.db, c.var.objects, {
        adminId: c.var.admin.id,
        providerId,
        type,
        input,
      }),
    );
  })
  /**
   * Opens an evidence document: the view is logged, then the browser goes to an address
   * that shows it for a few minutes (document-links.ts).
   */
  .get('/documents/:id', async (c) => {
    noStore(c);
    const location = await openDocument(c.var.db, c.var.objects, {
      documentId: id(c.req.param('id')),
      adminId: c.var.admin.id,
      secret: c.var.sessionSecret,
    });
    return c.redirect(location, 303);
  })
  /** The document itself, on local disk: for the admin the link was made for, for minutes. */
  .get('/documents/:id/file', async (c) => {
    noStore(c);
    const documentId = await documentOfLink(c.var.sessionSecret, {
      token: c.req.query('token'),
      documentId: id(c.req.param('id')),
      adminId: c.var.admin.id,
    });
    const { bytes, fileName, contentType } = await readDocument(
      c.var.db,
      c.var.objects,
      documentId,
    );
    return c.body(bytes, 200, {
      'Content-Type': contentType,
      'Content-Disposition': contentDisposition(fileName),
    });
  })
  .get('/verification', declareQuery(VerificationQueueQuerySchema), async (c) => {
    const { queue } = parseOrThrow(VerificationQueueQuerySchema, c.req.query());
    return c.json(await listVerificationQueue(c.var.db, queue));
  })
  // Flash ads
  .get('/flash-ads', async (c) => c.json(await listAllFlashAds(c.var.db)))
  .post('/flash-ads', declareJson(FlashAdSchema), async (c) => {
    const input = parseOrThrow(FlashAdSchema, await readJson(c));
    return c.json(await createFlashAd(c.var.db, c.var.admin.id, input), 201);
  })
  .put('/flash-ads/:id', declareJson(FlashAdSchema), async (c) => {
    const adId = id(c.req.param('id'));
    const input = parseOrThrow(FlashAdSchema, await readJson(c));
    return c.json(await updateFlashAd(c.var.db, adId, input));
  })
  .delete('/flash-ads/:id', async (c) => {
    await deleteFlashAd(c.var.db, id(c.req.param('id')));
    return c.json({ message: 'Flash ad deleted' });
  })
  // The enquiry desk
  .get('/enquiries', declareQuery(EnquiryDeskQuerySchema), async (c) => {
    const query = parseOrThrow(EnquiryDeskQuerySchema, c.req.query());
    const { items, total } = await listEnquiries(c.var.db, query);
    c.header('X-Total-Count', String(total));
    return c.json(items);
  })
  .get('/enquiries/photos/:id{[0-9]+}', async (c) => {
    const { bytes, contentType } = await readSitePhoto(c.var.db, c.var.objects, {
      photoId: idParam(c.req.param('id'), SITE_PHOTO_NOT_FOUND),
      viewer: { kind: 'admin' },
    });
    return c.body(bytes, 200, sitePhotoHeaders(contentType));
  })
  .get('/enquiries/:id', async (c) => c.json(await getEnquiry(c.var.db, id(c.req.param('id')))))
  .put('/enquiries/:id', declareJson(EnquiryUpdateSchema), async (c) => {
    const enquiryId = id(c.req.param('id'));
    const changes = parseOrThrow(EnquiryUpdateSchema, await readJson(c));
    return c.json(
      await updateEnquiry(c.var.db, {
        id: enquiryId,
        changes,
        secret: c.var.sessionSecret,
        siteUrl: siteUrl(c),
      }),
    );
  })
  // A request left waiting goes to another provider near the customer (issue 14, point 6).
  .get('/enquiries/:id/candidates', async (c) =>
    c.json(await listReassignCandidates(c.var.db, id(c.req.param('id')))),
  )
  .post('/enquiries/:id/reassign', declareJson(ReassignEnquirySchema), async (c) => {
    const enquiryId = id(c.req.param('id'));
    const { providerId } = parseOrThrow(ReassignEnquirySchema, await readJson(c));
    return c.json(
      await reassignEnquiry(c.var.db, { id: enquiryId, providerId, siteUrl: siteUrl(c) }),
    );
  })
  // Admin users
  .get('/users', async (c) => c.json(await listAdmins(c.var.db)))
  .post('/users', declareJson(NewAdminSchema), async (c) => {
    const admin = parseOrThrow(NewAdminSchema, await readJson(c));
    return c.json(await addAdmin(c.var.db, admin), 201);
  })
  .put('/users/:id', declareJson(UpdateAdminSchema), async (c) => {
    const adminId = id(c.req.param('id'));
    const { isActive } = parseOrThrow(UpdateAdminSchema, await readJson(c));
    return c.json(
      await setAdminActive(c.var.db, { id: adminId, isActive, actingAdminId: c.var.admin.id }),
    );
  })
  // Reviews: hide one that breaks the rules (with a reason), or show it again; release
  // one held for moderation (issue 11). `held=true` lists the held ones.
  .get('/reviews', declareQuery(AdminReviewQuerySchema), async (c) => {
    const query = parseOrThrow(AdminReviewQuerySchema, c.req.query());
    const { items, total } = await listReviewsForAdmin(c.var.db, query);
    c.header('X-Total-Count', String(total));
    return c.json(items);
  })
  .put('/reviews/:id/hide', declareJson(HideReviewSchema), async (c) => {
    const reviewId = id(c.req.param('id'));
    const { reason } = parseOrThrow(HideReviewSchema, await readJson(c));
    await hideReview(c.var.db, { reviewId, adminId: c.var.admin.id, reason });
    return c.json({ message: 'Review hidden' });
  })
  .put('/reviews/:id/show', async (c) => {
    await showReview(c.var.db, { reviewId: id(c.req.param('id')) });
    return c.json({ message: 'Review shown' });
  })
  .put('/reviews/:id/release', async (c) => {
    await releaseReview(c.var.db, { reviewId: id(c.req.param('id')) });
    return c.json({ message: 'Review released' });
  })
  // Mail (issue 11, point 7): queued, sent and failed, without its text; resend.
  .get('/mail', declareQuery(MailListQuerySchema), async (c) => {
    const query = parseOrThrow(MailListQuerySchema, c.req.query());
    const { items, total } = await listOutboxMail(c.var.db, query);
    c.header('X-Total-Count', String(total));
    return c.json(items);
  })
  .get('/mail/totals', async (c) => c.json(await countOutboxMail(c.var.db)))
  .post('/mail/:id/resend', async (c) =>
    c.json(await resendMail(c.var.db, { id: idParam(c.req.param('id'), MAIL_NOT_FOUND) }), 201),
  )
  // Exports
  .get('/exports/providers.csv', async (c) =>
    csvDownload(await exportProvidersCsv(c.var.db), 'providers'),
  )
  .get('/exports/enquiries.csv', async (c) =>
    csvDownload(await exportEnquiriesCsv(c.var.db), 'enquiries'),
  );
