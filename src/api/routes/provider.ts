/** /api/provider/* and POST /api/objects/upload: the provider dashboard (spec section 7). */
import { Hono } from 'hono';
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ResetPasswordSchema,
} from '../../lib/schemas/account.ts';
import {
  EnquiryResponseSchema,
  ProfileImageSchema,
  ProviderProfileSchema,
} from '../../lib/schemas/provider-dashboard.ts';
import type { AppEnv } from '../app-env.ts';
import { limitSignIn } from '../auth/device-cookies.ts';
import { requireProvider, type ProviderEnv } from '../auth/require-provider.ts';
import { clearSessionCookie, setSessionCookie } from '../auth/sessions.ts';
import { listProviderEnquiries, respondToEnquiry } from '../enquiries/provider-enquiries.ts';
import { clientAddress } from '../http/client-address.ts';
import { noStore } from '../http/cache.ts';
import { idParam } from '../http/id-param.ts';
import { readJson } from '../http/read-json.ts';
import { siteUrl } from '../http/site-url.ts';
import { parseOrThrow } from '../http/validate.ts';
import {
  changeProviderPassword,
  requestProviderPasswordReset,
  setProviderPassword,
  signInProvider,
  signOutProvider,
} from '../providers/provider-account.ts';
import { recordProviderSignIn } from '../providers/record-provider-sign-in.ts';
import {
  getOwnProfile,
  updateOwnProfile,
  updateOwnProfileImage,
} from '../providers/provider-profile.ts';
import { enqueuePasswordReset } from '../jobs/password-reset-job.ts';
import { revealsTokens } from '../env.ts';
import { hitRateLimit, RATE_LIMITS } from '../rate-limits/hit-rate-limit.ts';
import { listOwnReviews, replyToReview } from '../reviews/reviews.ts';
import { ReviewReplySchema } from '../../lib/schemas/reviews.ts';
import { createUploadTicket } from '../uploads/upload-tickets.ts';

const FORGOT_ANSWER =
  'If a provider account uses that e-mail address, a link to choose a new password is on its way.';

/** Routes that work without a session. */
const signIn = new Hono<AppEnv>()
  .use(async (c, next) => {
    noStore(c);
    await next();
  })
  .post('/login', async (c) => {
    const credentials = parseOrThrow(LoginSchema, await readJson(c));
    const { token, providerId } = await limitSignIn(
      c,
      { role: 'provider', email: credentials.email },
      () => signInProvider(c.var.db, c.var.sessionSecret, credentials),
    );
    // Reviews from the provider's own addresses wait for moderation.
    await recordProviderSignIn(c.var.db, { providerId, address: clientAddress(c) });
    setSessionCookie(c, 'provider', token);
    return c.json({ token });
  })
  .post('/forgot-password', async (c) => {
    const { email } = parseOrThrow(ForgotPasswordSchema, await readJson(c));
    await hitRateLimit(c.var.db, RATE_LIMITS.passwordReset, clientAddress(c));
    await hitRateLimit(c.var.db, RATE_LIMITS.passwordResetPerEmail, email);
    // As for admins: the token leaves the server only in development mode on loopback;
    // everywhere else the work is queued, so the answer takes the same time either way.
    if (revealsTokens(c.var.env)) {
      const token = await requestProviderPasswordReset(c.var.db, { email, siteUrl: siteUrl(c) });
      return c.json(
        token ? { message: FORGOT_ANSWER, resetToken: token } : { message: FORGOT_ANSWER },
      );
    }
    await enqueuePasswordReset(c.var.db, { role: 'provider', email, siteUrl: siteUrl(c) });
    return c.json({ message: FORGOT_ANSWER });
  })
  /** The set-password link of the approval e-mail and the reset link both land here. */
  .post('/set-password', async (c) => {
    await hitRateLimit(c.var.db, RATE_LIMITS.passwordReset, clientAddress(c));
    const input = parseOrThrow(ResetPasswordSchema, await readJson(c));
    await setProviderPassword(c.var.db, input);
    return c.json({ message: 'Your password is set. Please log in.' });
  });

/** Routes for a signed-in provider. */
const signedIn = new Hono<ProviderEnv>()
  .use(requireProvider)
  .get('/me', async (c) => c.json(await getOwnProfile(c.var.db, c.var.provider.id)))
  .post('/logout', async (c) => {
    await signOutProvider(c.var.db, c.var.provider.id);
    clearSessionCookie(c, 'provider');
    return c.json({ message: 'Logged out' });
  })
  .put('/password', async (c) => {
    const input = parseOrThrow(ChangePasswordSchema, await readJson(c));
    const { token } = await changeProviderPassword(c.var.db, c.var.sessionSecret, {
      providerId: c.var.provider.id,
      ...input,
    });
    setSessionCookie(c, 'provider', token);
    return c.json({ message: 'Your password has been changed.', token });
  })
  .get('/enquiries', async (c) => c.json(await listProviderEnquiries(c.var.db, c.var.provider.id)))
  // Decimal digits only: idParam alone would read '1e0' or '0x1' as enquiry 1.
  .put('/enquiries/:id{[0-9]+}/response', async (c) => {
    const enquiryId = idParam(c.req.param('id'), 'Enquiry not found');
    const response = parseOrThrow(EnquiryResponseSchema, await readJson(c));
    return c.json(
      await respondToEnquiry(c.var.db, {
        providerId: c.var.provider.id,
        enquiryId,
        response,
        secret: c.var.sessionSecret,
        siteUrl: siteUrl(c),
      }),
    );
  })
  .get('/reviews', async (c) => c.json(await listOwnReviews(c.var.db, c.var.provider.id)))
  .put('/reviews/:id/reply', async (c) => {
    const reviewId = idParam(c.req.param('id'), 'Review not found');
    const { reply } = parseOrThrow(ReviewReplySchema, await readJson(c));
    await replyToReview(c.var.db, { providerId: c.var.provider.id, reviewId, reply });
    return c.json({ message: 'Your reply is published.' });
  })
  .put('/profile', async (c) => {
    const profile = parseOrThrow(ProviderProfileSchema, await readJson(c));
    return c.json(await updateOwnProfile(c.var.db, c.var.provider.id, profile));
  })
  .put('/profile-image', async (c) => {
    const { profileImageURL } = parseOrThrow(ProfileImageSchema, await readJson(c));
    return c.json(
      await updateOwnProfileImage(c.var.db, c.var.objects, {
        providerId: c.var.provider.id,
        profileImageURL,
      }),
    );
  });

export const providerRoutes = new Hono<AppEnv>().route('/', signIn).route('/', signedIn);

/** POST /api/objects/upload: an upload address for the provider's own photo (5 MB). */
export const providerUploadRoutes = new Hono<ProviderEnv>()
  .use(requireProvider)
  .post('/upload', async (c) => {
    await hitRateLimit(c.var.db, RATE_LIMITS.upload, `provider:${c.var.provider.id}`);
    return c.json(
      await createUploadTicket(c.var.db, c.var.objects, {
        purpose: 'profile-image',
        owner: `provider:${c.var.provider.id}`,
      }),
    );
  });
