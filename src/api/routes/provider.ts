/** /api/provider/* and POST /api/objects/upload: the provider dashboard (spec section 7). */
import { Hono, type Context } from 'hono';
import { formatDate } from '../../lib/format.ts';
import { ChangePasswordSchema, LoginSchema } from '../../lib/schemas/account.ts';
import { ACCOUNT_CLOSED } from '../../lib/schemas/privacy.ts';
import { SeenRequestsSchema } from '../../lib/schemas/provider-dashboard.ts';
import {
  ConfirmFactsSchema,
  EnquiryResponseSchema,
  PROFILE_EXTRA_FIELDS,
  ProfileImageSchema,
  ProviderProfileSchema,
  WorkPhotoSchema,
} from '../../lib/schemas/provider-dashboard.ts';
import { ReviewReplySchema } from '../../lib/schemas/reviews.ts';
import { checkTypeParam, RenewalSchema } from '../../lib/schemas/verification.ts';
import { providerAccounts } from '../accounts/account-kinds.ts';
import { changePassword } from '../accounts/change-password.ts';
import { endSessions } from '../accounts/end-sessions.ts';
import { signInAccount } from '../accounts/sign-in-account.ts';
import type { AppEnv } from '../app-env.ts';
import {
  requireListedProvider,
  requireProvider,
  type ProviderEnv,
} from '../auth/require-provider.ts';
import { clearSessionCookie, setSessionCookie } from '../auth/sessions.ts';
import { listWaitingRenewals } from '../documents/list-waiting-renewals.ts';
import { submitRenewal } from '../documents/submit-renewal.ts';
import { listProviderEnquiries } from '../enquiries/list-provider-enquiries.ts';
import { respondToEnquiry } from '../enquiries/respond-to-enquiry.ts';
import { changesPublicData, noStore } from '../http/cache.ts';
import { idParam } from '../http/id-param.ts';
import { validChanges, validJson, validParams } from '../http/route-input.ts';
import { siteUrl } from '../http/site-url.ts';
import { closeProviderAccount } from '../privacy/close-provider-account.ts';
import { describeProviderData, providerData } from '../privacy/describe-provider-data.ts';
import { PERSONAL_DATA_ZIP_HEADERS, personalDataZip } from '../privacy/personal-data-zip.ts';
import { getOwnProfile } from '../providers/get-own-profile.ts';
import { confirmProfileFacts, getProfileChecklist } from '../providers/profile-checklist.ts';
import { updateOwnProfileImage } from '../providers/update-own-profile-image.ts';
import { updateOwnProfile } from '../providers/update-own-profile.ts';
import { markRequestsSeen } from '../requests/mark-requests-seen.ts';
import { readSitePhoto, SITE_PHOTO_NOT_FOUND, sitePhotoHeaders } from '../requests/site-photos.ts';
import { listOwnReviews } from '../reviews/list-own-reviews.ts';
import { replyToReview } from '../reviews/reply-to-review.ts';
import { providerUploadTicket } from '../uploads/upload-tickets-by-asker.ts';
import { getPublicVerification } from '../verification/public-verification.ts';
import { addWorkPhoto } from '../work-photos/add-work-photo.ts';
import { listOwnWorkPhotos } from '../work-photos/list-own-work-photos.ts';
import { removeWorkPhoto } from '../work-photos/remove-work-photo.ts';
import { ownCopy } from './own-copy.ts';
import { forgotPasswordRoute, setPasswordRoute } from './password-link-routes.ts';

/** Routes that work without a session. */
const signIn = new Hono<AppEnv>()
  .use(async (c, next) => {
    noStore(c);
    await next();
  })
  .post('/login', validJson(LoginSchema), async (c) => {
    const { token } = await signInAccount(c, providerAccounts, c.req.valid('json'));
    return c.json({ token });
  })
  .route('/', forgotPasswordRoute(providerAccounts))
  /** The set-password link of the approval e-mail and the reset link both land here. */
  .route('/', setPasswordRoute('/set-password', providerAccounts));

/** Routes for a signed-in provider. */
const signedIn = new Hono<ProviderEnv>()
  .use(requireProvider)
  .get('/me', async (c) => c.json(await getOwnProfile(c.var.db, c.var.provider.id)))
  // Your data (docs/decisions/0053): what is held, the download, closing the account.
  .get('/my-data', async (c) => {
    const { held } = await providerData(c.var.db, c.var.provider);
    return c.json(await describeProviderData(c.var.db, c.var.provider.id, held));
  })
  .get('/my-data/download', async (c) => {
    const { held, view } = await providerData(c.var.db, c.var.provider);
    const zip = personalDataZip({
      generatedAt: new Date().toISOString(),
      view,
      provider: await describeProviderData(c.var.db, c.var.provider.id, held),
      records: held.records,
    });
    return c.body(zip as Uint8Array<ArrayBuffer>, 200, PERSONAL_DATA_ZIP_HEADERS);
  })
  .post('/my-data/close', changesPublicData, async (c) => {
    const { erasedOn } = await closeProviderAccount(c.var.db, { providerId: c.var.provider.id });
    return c.json({
      message: ACCOUNT_CLOSED(formatDate(erasedOn.toISOString())),
      erasedOn: erasedOn.toISOString(),
    });
  })
  /**
   * The provider's own checks, as its public profile shows them, with their expiry, and
   * the renewals it sent that wait for an admin.
   */
  .get('/checks', async (c) => {
    const [verification, renewals] = await Promise.all([
      getPublicVerification(c.var.db, c.var.provider.id),
      listWaitingRenewals(c.var.db, c.var.provider.id),
    ]);
    return c.json({ ...verification, renewals });
  })
  /** A renewed certificate for a check: it waits for an admin (submit-renewal.ts). */
  .post(
    '/checks/:type/renewals',
    validParams({ type: checkTypeParam }),
    validJson(RenewalSchema),
    async (c) =>
      c.json(
        await submitRenewal(c.var.db, c.var.objects, {
          providerId: c.var.provider.id,
          type: c.req.valid('param').type,
          renewal: c.req.valid('json'),
        }),
        201,
      ),
  )
  // Upload addresses for evidence documents (10 MB, PDF or image), kept privately; counted
  // with the provider's other upload addresses.
  .post('/documents/upload', async (c) => {
    return c.json(await providerUploadTicket(c, 'evidence-document'));
  })
  .post('/logout', async (c) => {
    await endSessions(c.var.db, providerAccounts, c.var.provider.id);
    clearSessionCookie(c, 'provider');
    return c.json({ message: providerAccounts.texts.signedOut });
  })
  .put('/password', validJson(ChangePasswordSchema), async (c) => {
    const { token } = await changePassword(c.var.db, c.var.sessionSecret, providerAccounts, {
      accountId: c.var.provider.id,
      ...c.req.valid('json'),
    });
    setSessionCookie(c, 'provider', token);
    return c.json({ message: 'Your password has been changed.', token });
  })
  .get('/enquiries', async (c) => c.json(await listProviderEnquiries(c.var.db, c.var.provider)))
  /** The dashboard has shown these requests: marked seen for their customers. */
  .get(
    '/enquiries/photos/:id{[0-9]+}',
    requireListedProvider,
    validParams({ id: idParam(SITE_PHOTO_NOT_FOUND) }),
    async (c) => {
      const { bytes, contentType } = await readSitePhoto(c.var.db, c.var.objects, {
        photoId: c.req.valid('param').id,
        viewer: { kind: 'provider', providerId: c.var.provider.id },
      });
      return c.body(bytes, 200, sitePhotoHeaders(contentType));
    },
  )
  .post('/enquiries/seen', validJson(SeenRequestsSchema), async (c) => {
    const { ids } = c.req.valid('json');
    return c.json(await markRequestsSeen(c.var.db, { providerId: c.var.provider.id, ids }));
  })
  .put(
    '/enquiries/:id{[0-9]+}/response',
    requireListedProvider,
    validParams({ id: idParam('Enquiry not found') }),
    validJson(EnquiryResponseSchema),
    async (c) =>
      c.json(
        await respondToEnquiry(c.var.db, {
          ...ownCopy(c),
          response: c.req.valid('json'),
          secret: c.var.sessionSecret,
          siteUrl: siteUrl(c),
        }),
      ),
  )
  .get('/reviews', async (c) => c.json(await listOwnReviews(c.var.db, c.var.provider.id)))
  .put(
    '/reviews/:id/reply',
    requireListedProvider,
    changesPublicData,
    validParams({ id: idParam('Review not found') }),
    validJson(ReviewReplySchema),
    async (c) => {
      await replyToReview(c.var.db, {
        providerId: c.var.provider.id,
        reviewId: c.req.valid('param').id,
        reply: c.req.valid('json').reply,
      });
      return c.json({ message: 'Your reply is published.' });
    },
  )
  .put(
    '/profile',
    changesPublicData,
    // A field added after the spec, sent back as GET /me answered it, keeps its stored
    // value unchecked: one stored under another rule (an application's http:// website)
    // must not stop the provider from changing something else.
    validChanges(ProviderProfileSchema, {
      fields: PROFILE_EXTRA_FIELDS,
      stored: (c: Context<ProviderEnv>) => getOwnProfile(c.var.db, c.var.provider.id),
    }),
    async (c) => {
      const { changes, stored } = c.req.valid('json');
      return c.json(await updateOwnProfile(c.var.db, c.var.provider.id, changes, stored));
    },
  )
  /** The dashboard's "Complete your profile" list (docs/decisions/0041). */
  .get('/profile/checklist', async (c) =>
    c.json(await getProfileChecklist(c.var.db, c.var.provider.id)),
  )
  /** The provider confirms facts as its profile shows them. */
  .post('/profile/confirm', validJson(ConfirmFactsSchema), async (c) =>
    c.json(await confirmProfileFacts(c.var.db, c.var.provider.id, c.req.valid('json').facts)),
  )
  .put('/profile-image', changesPublicData, validJson(ProfileImageSchema), async (c) =>
    c.json(
      await updateOwnProfileImage(c.var.db, c.var.objects, {
        providerId: c.var.provider.id,
        profileImageURL: c.req.valid('json').profileImageURL,
      }),
    ),
  )
  // Photos of past work: public once added, at most WORK_PHOTO_LIMIT.
  .get('/work-photos', async (c) => c.json(await listOwnWorkPhotos(c.var.db, c.var.provider.id)))
  .post('/work-photos/upload', async (c) => {
    return c.json(await providerUploadTicket(c, 'work-photo'));
  })
  .post('/work-photos', changesPublicData, validJson(WorkPhotoSchema), async (c) =>
    c.json(
      await addWorkPhoto(c.var.db, c.var.objects, {
        providerId: c.var.provider.id,
        imageURL: c.req.valid('json').imageURL,
      }),
      201,
    ),
  )
  .delete(
    '/work-photos/:id',
    changesPublicData,
    validParams({ id: idParam('Photo not found') }),
    async (c) =>
      c.json(
        await removeWorkPhoto(c.var.db, {
          providerId: c.var.provider.id,
          photoId: c.req.valid('param').id,
        }),
      ),
  );

export const providerRoutes = new Hono<AppEnv>().route('/', signIn).route('/', signedIn);

/** POST /api/objects/upload: an upload address for the provider's own photo (5 MB). */
export const providerUploadRoutes = new Hono<ProviderEnv>()
  .use(requireProvider)
  .post('/upload', async (c) => {
    return c.json(await providerUploadTicket(c, 'profile-image'));
  });
