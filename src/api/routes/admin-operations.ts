/**
 * /api/admin/* beyond sign-in and applications: providers, flash ads, the enquiry desk,
 * admin users and CSV exports. Mounted inside the signed-in admin routes (requireAdmin).
 */
import { Hono, type Context } from 'hono';
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
import {
  ReassignCandidatesQuerySchema,
  ReassignEnquirySchema,
} from '../../lib/schemas/enquiry-follow-up.ts';
import {
  AccessLogQuerySchema,
  PrivacyCaseQuerySchema,
  PrivacyCaseReplySchema,
} from '../../lib/schemas/information-officer.ts';
import { AdminReviewQuerySchema } from '../../lib/schemas/review-moderation.ts';
import { HideReviewSchema } from '../../lib/schemas/reviews.ts';
import {
  checkTypeParam,
  RecordCheckSchema,
  VerificationQueueQuerySchema,
} from '../../lib/schemas/verification.ts';
import { addAdmin, resendInvitation } from '../admins/add-admin.ts';
import { listAdmins } from '../admins/list-admins.ts';
import { setAdminActive } from '../admins/set-admin-active.ts';
import type { AdminEnv } from '../auth/require-admin.ts';
import { documentOfLink, openDocument, readDocument } from '../documents/document-links.ts';
import { getEnquiry } from '../enquiries/get-enquiry.ts';
import { listEnquiries } from '../enquiries/list-enquiries.ts';
import { listReassignCandidates } from '../enquiries/reassign-candidates.ts';
import { reassignEnquiry } from '../enquiries/reassign-enquiry.ts';
import { updateEnquiry } from '../enquiries/update-enquiry.ts';
import { csvDownload } from '../exports/csv-download.ts';
import { exportEnquiriesCsv } from '../exports/export-enquiries-csv.ts';
import { exportProvidersCsv } from '../exports/export-providers-csv.ts';
import { createFlashAd } from '../flash-ads/create-flash-ad.ts';
import { deleteFlashAd } from '../flash-ads/delete-flash-ad.ts';
import { listAllFlashAds } from '../flash-ads/list-all-flash-ads.ts';
import { updateFlashAd } from '../flash-ads/update-flash-ad.ts';
import { changesPublicData, noStore } from '../http/cache.ts';
import { idParam } from '../http/id-param.ts';
import { validChanges, validJson, validParams, validQuery } from '../http/route-input.ts';
import { siteUrl } from '../http/site-url.ts';
import { countOutboxMail } from '../mail/count-outbox-mail.ts';
import { listOutboxMail } from '../mail/list-outbox-mail.ts';
import { MAIL_NOT_FOUND, resendMail } from '../mail/resend-mail.ts';
import { listAccessLog } from '../privacy/list-access-log.ts';
import { listPrivacyCases, replyToPrivacyCase } from '../privacy/privacy-cases.ts';
import { recordContactLook, recordRequestFileLook } from '../privacy/record-access.ts';
import { createProvider } from '../providers/create-provider.ts';
import { deleteProvider } from '../providers/delete-provider.ts';
import { getAdminProvider } from '../providers/get-admin-provider.ts';
import { listAdminProviders } from '../providers/list-admin-providers.ts';
import { updateProvider } from '../providers/update-provider.ts';
import { readSitePhoto, SITE_PHOTO_NOT_FOUND, sitePhotoHeaders } from '../requests/site-photos.ts';
import { hideReview } from '../reviews/hide-review.ts';
import { listReviewsForAdmin } from '../reviews/list-reviews-for-admin.ts';
import { releaseReview } from '../reviews/release-review.ts';
import { showReview } from '../reviews/show-review.ts';
import { contentDisposition } from '../storage/content-disposition.ts';
import { getAdminChecks } from '../verification/get-admin-checks.ts';
import { listVerificationQueue } from '../verification/list-verification-queue.ts';
import { recordCheck } from '../verification/record-check.ts';

/** The `:id` of most routes: a 404 "Not found" when it cannot be an id. */
const byId = validParams({ id: idParam() });

export const adminOperationRoutes = new Hono<AdminEnv>()
  // Providers
  // One page, filtered (X-Total-Count: how many match).
  .get('/providers', validQuery(AdminProviderListQuerySchema), async (c) => {
    const { items, total } = await listAdminProviders(c.var.db, c.req.valid('query'));
    c.header('X-Total-Count', String(total));
    return c.json(items);
  })
  .get('/providers/:id', byId, async (c) =>
    c.json(await getAdminProvider(c.var.db, c.req.valid('param').id)),
  )
  .post('/providers', changesPublicData, validJson(CreateProviderSchema), async (c) =>
    c.json(await createProvider(c.var.db, c.req.valid('json')), 201),
  )
  .put(
    '/providers/:id',
    changesPublicData,
    byId,
    // Fields sent back as GET /providers/:id answered them keep their stored values
    // unchecked (a seed's photo file name, the rating its reviews give): only the
    // fields the body changes are checked and written. All of it sent back as it was
    // read: nothing to write, and nothing wrong either.
    validChanges(UpdateProviderSchema, {
      fields: ADMIN_PROVIDER_FIELDS,
      stored: (c: Context<AdminEnv, string, { out: { param: { id: number } } }>) =>
        getAdminProvider(c.var.db, c.req.valid('param').id),
      allSentBackIsNothing: true,
    }),
    async (c) => {
      const { stored, changes } = c.req.valid('json');
      if (!changes) return c.json(stored);
      return c.json(await updateProvider(c.var.db, c.req.valid('param').id, changes));
    },
  )
  .delete('/providers/:id', changesPublicData, byId, async (c) => {
    await deleteProvider(c.var.db, c.req.valid('param').id);
    return c.json({ message: 'Provider deleted' });
  })
  // Verification: the checks behind the badge
  .get('/providers/:id/checks', byId, async (c) =>
    c.json(await getAdminChecks(c.var.db, c.req.valid('param').id)),
  )
  .put(
    '/providers/:id/checks/:type',
    changesPublicData,
    validParams({ id: idParam(), type: checkTypeParam }),
    validJson(RecordCheckSchema),
    async (c) => {
      const { id, type } = c.req.valid('param');
      return c.json(
        await recordCheck(c.var.db, c.var.objects, {
          adminId: c.var.admin.id,
          providerId: id,
          type,
          input: c.req.valid('json'),
          siteUrl: siteUrl(c),
        }),
      );
    },
  )
  /**
   * Opens an evidence document: the view is logged, then the browser goes to an address
   * that shows it for a few minutes (document-links.ts).
   */
  .get('/documents/:id', byId, async (c) => {
    noStore(c);
    const location = await openDocument(c.var.db, c.var.objects, {
      documentId: c.req.valid('param').id,
      adminId: c.var.admin.id,
      secret: c.var.sessionSecret,
    });
    return c.redirect(location, 303);
  })
  /** The document itself, on local disk: for the admin the link was made for, for minutes. */
  .get('/documents/:id/file', byId, async (c) => {
    noStore(c);
    const documentId = await documentOfLink(c.var.sessionSecret, {
      token: c.req.query('token'),
      documentId: c.req.valid('param').id,
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
  .get('/verification', validQuery(VerificationQueueQuerySchema), async (c) =>
    c.json(await listVerificationQueue(c.var.db, c.req.valid('query').queue)),
  )
  // Flash ads
  .get('/flash-ads', async (c) => c.json(await listAllFlashAds(c.var.db)))
  .post('/flash-ads', changesPublicData, validJson(FlashAdSchema), async (c) =>
    c.json(await createFlashAd(c.var.db, c.var.admin.id, c.req.valid('json')), 201),
  )
  .put('/flash-ads/:id', changesPublicData, byId, validJson(FlashAdSchema), async (c) =>
    c.json(await updateFlashAd(c.var.db, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/flash-ads/:id', changesPublicData, byId, async (c) => {
    await deleteFlashAd(c.var.db, c.req.valid('param').id);
    return c.json({ message: 'Flash ad deleted' });
  })
  // The enquiry desk
  .get('/enquiries', validQuery(EnquiryDeskQuerySchema), async (c) => {
    const { items, total } = await listEnquiries(c.var.db, c.req.valid('query'));
    await recordContactLook(c.var.db, c.var.admin.id, items);
    c.header('X-Total-Count', String(total));
    return c.json(items);
  })
  .get(
    '/enquiries/photos/:id{[0-9]+}',
    validParams({ id: idParam(SITE_PHOTO_NOT_FOUND) }),
    async (c) => {
      const { bytes, contentType, enquiryId } = await readSitePhoto(c.var.db, c.var.objects, {
        photoId: c.req.valid('param').id,
        viewer: { kind: 'admin' },
      });
      await recordRequestFileLook(c.var.db, c.var.admin.id, { what: 'A site photo', enquiryId });
      return c.body(bytes, 200, sitePhotoHeaders(contentType));
    },
  )
  .get('/enquiries/:id', byId, async (c) => {
    const enquiry = await getEnquiry(c.var.db, c.req.valid('param').id);
    await recordContactLook(c.var.db, c.var.admin.id, [enquiry]);
    return c.json(enquiry);
  })
  .put('/enquiries/:id', byId, validJson(EnquiryUpdateSchema), async (c) => {
    const enquiry = await updateEnquiry(c.var.db, {
      id: c.req.valid('param').id,
      changes: c.req.valid('json'),
      secret: c.var.sessionSecret,
      siteUrl: siteUrl(c),
    });
    // The answer is the request with its contact details: a look as much as a GET.
    await recordContactLook(c.var.db, c.var.admin.id, [enquiry]);
    return c.json(enquiry);
  })
  // A request left waiting goes to another provider near the customer.
  .get('/enquiries/:id/candidates', byId, validQuery(ReassignCandidatesQuerySchema), async (c) =>
    c.json(await listReassignCandidates(c.var.db, c.req.valid('param').id, c.req.valid('query'))),
  )
  .post('/enquiries/:id/reassign', byId, validJson(ReassignEnquirySchema), async (c) => {
    const passed = await reassignEnquiry(c.var.db, {
      id: c.req.valid('param').id,
      ...c.req.valid('json'),
      siteUrl: siteUrl(c),
    });
    await recordContactLook(c.var.db, c.var.admin.id, [passed.enquiry]);
    return c.json(passed);
  })
  // Admin users
  .get('/users', async (c) => c.json(await listAdmins(c.var.db)))
  // Without a password the colleague is invited by mail to choose one (decision 0048).
  .post('/users', validJson(NewAdminSchema), async (c) =>
    c.json(
      await addAdmin(c.var.db, {
        admin: c.req.valid('json'),
        invitedBy: c.var.admin,
        siteUrl: siteUrl(c),
      }),
      201,
    ),
  )
  .post('/users/:id/invitation', byId, async (c) =>
    c.json(
      await resendInvitation(c.var.db, {
        id: c.req.valid('param').id,
        invitedBy: c.var.admin,
        siteUrl: siteUrl(c),
      }),
    ),
  )
  .put('/users/:id', byId, validJson(UpdateAdminSchema), async (c) =>
    c.json(
      await setAdminActive(c.var.db, {
        id: c.req.valid('param').id,
        isActive: c.req.valid('json').isActive,
        actingAdminId: c.var.admin.id,
      }),
    ),
  )
  // Reviews: hide one that breaks the rules (with a reason), or show it again; release
  // one held for moderation. `held=true` lists the held ones.
  .get('/reviews', validQuery(AdminReviewQuerySchema), async (c) => {
    const { items, total } = await listReviewsForAdmin(c.var.db, c.req.valid('query'));
    c.header('X-Total-Count', String(total));
    return c.json(items);
  })
  .put('/reviews/:id/hide', changesPublicData, byId, validJson(HideReviewSchema), async (c) => {
    await hideReview(c.var.db, {
      reviewId: c.req.valid('param').id,
      adminId: c.var.admin.id,
      reason: c.req.valid('json').reason,
      siteUrl: siteUrl(c),
    });
    return c.json({ message: 'Review hidden' });
  })
  .put('/reviews/:id/show', changesPublicData, byId, async (c) => {
    await showReview(c.var.db, { reviewId: c.req.valid('param').id, siteUrl: siteUrl(c) });
    return c.json({ message: 'Review shown' });
  })
  .put('/reviews/:id/release', changesPublicData, byId, async (c) => {
    await releaseReview(c.var.db, { reviewId: c.req.valid('param').id, siteUrl: siteUrl(c) });
    return c.json({ message: 'Review released' });
  })
  // Mail: queued, sent and failed, without its text; resend.
  .get('/mail', validQuery(MailListQuerySchema), async (c) => {
    const { items, total } = await listOutboxMail(c.var.db, c.req.valid('query'));
    c.header('X-Total-Count', String(total));
    return c.json(items);
  })
  .get('/mail/totals', async (c) =>
    c.json(await countOutboxMail(c.var.db, { mailServer: Boolean(c.var.env.SMTP_URL) })),
  )
  .post('/mail/:id/resend', validParams({ id: idParam(MAIL_NOT_FOUND) }), async (c) =>
    c.json(await resendMail(c.var.db, { id: c.req.valid('param').id }), 201),
  )
  // The information officer: who in the team looked at whose data (docs/decisions/0053).
  .get('/access-log', validQuery(AccessLogQuerySchema), async (c) =>
    c.json(await listAccessLog(c.var.db, c.req.valid('query'))),
  )
  // The information officer's desk: requests that need a person, with their deadline.
  .get('/privacy-cases', validQuery(PrivacyCaseQuerySchema), async (c) =>
    c.json(await listPrivacyCases(c.var.db, c.req.valid('query'))),
  )
  .post('/privacy-cases/:id/reply', byId, validJson(PrivacyCaseReplySchema), async (c) => {
    const { reply, close = false } = c.req.valid('json');
    return c.json(
      await replyToPrivacyCase(c.var.db, {
        id: c.req.valid('param').id,
        adminId: c.var.admin.id,
        reply,
        close,
      }),
    );
  })
  // Exports
  .get('/exports/providers.csv', async (c) =>
    csvDownload(c.var.db, c.var.admin.id, await exportProvidersCsv(c.var.db), 'providers'),
  )
  .get('/exports/enquiries.csv', async (c) =>
    csvDownload(c.var.db, c.var.admin.id, await exportEnquiriesCsv(c.var.db), 'enquiries'),
  );
