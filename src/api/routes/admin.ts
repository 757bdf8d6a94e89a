/** /api/admin/*: sign-in, statistics, the review of applications, and the operations (admin-operations.ts). */
import { Hono } from 'hono';
import {
  AdminLoginSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  ProcessImageSchema,
  ReviewApplicationSchema,
} from '../../lib/schemas/admin.ts';
import {
  requestAdminPasswordReset,
  resetAdminPassword,
  signInAdmin,
  signOutAdmin,
} from '../admins/admin-sessions.ts';
import {
  approveApplication,
  listApplications,
  reviewApplication,
} from '../applications/application-review.ts';
import type { AppEnv } from '../app-env.ts';
import { adminOperationRoutes } from './admin-operations.ts';
import { limitSignIn } from '../auth/device-cookies.ts';
import { requireAdmin, type AdminEnv } from '../auth/require-admin.ts';
import { clearSessionCookie, setSessionCookie } from '../auth/sessions.ts';
import { clientAddress } from '../http/client-address.ts';
import { idParam } from '../http/id-param.ts';
import { noStore } from '../http/cache.ts';
import { readJson } from '../http/read-json.ts';
import { siteUrl } from '../http/site-url.ts';
import { parseOrThrow } from '../http/validate.ts';
import { enqueuePasswordReset } from '../jobs/password-reset-job.ts';
import { AdminPageQuerySchema } from '../../lib/schemas/admin-lists.ts';
import { revealsTokens } from '../env.ts';
import { hitRateLimit, RATE_LIMITS } from '../rate-limits/hit-rate-limit.ts';
import { getAdminStats } from '../stats/get-admin-stats.ts';
import { claimUpload, createUploadTicket } from '../uploads/upload-tickets.ts';

const FORGOT_ANSWER =
  'If an administrator account uses that e-mail address, a reset link is on its way.';

/** Routes that work without a session. */
const signIn = new Hono<AppEnv>()
  .use(async (c, next) => {
    noStore(c);
    await next();
  })
  .post('/login', async (c) => {
    const credentials = parseOrThrow(AdminLoginSchema, await readJson(c));
    const { token, admin } = await limitSignIn(c, { role: 'admin', email: credentials.email }, () =>
      signInAdmin(c.var.db, c.var.sessionSecret, credentials),
    );
    setSessionCookie(c, 'admin', token);
    return c.json({ admin, token });
  })
  .post('/forgot-password', async (c) => {
    const { email } = parseOrThrow(ForgotPasswordSchema, await readJson(c));
    await hitRateLimit(c.var.db, RATE_LIMITS.passwordReset, clientAddress(c));
    await hitRateLimit(c.var.db, RATE_LIMITS.passwordResetPerEmail, email);
    // The token leaves the server only in development mode on loopback (the spec's client
    // then switches to the reset form); everywhere else it travels by e-mail alone, and
    // the work is queued so the answer takes the same time whether or not the admin exists.
    if (revealsTokens(c.var.env)) {
      const token = await requestAdminPasswordReset(c.var.db, { email, siteUrl: siteUrl(c) });
      return c.json(
        token ? { message: FORGOT_ANSWER, resetToken: token } : { message: FORGOT_ANSWER },
      );
    }
    await enqueuePasswordReset(c.var.db, { role: 'admin', email, siteUrl: siteUrl(c) });
    return c.json({ message: FORGOT_ANSWER });
  })
  .post('/reset-password', async (c) => {
    await hitRateLimit(c.var.db, RATE_LIMITS.passwordReset, clientAddress(c));
    const input = parseOrThrow(ResetPasswordSchema, await readJson(c));
    await resetAdminPassword(c.var.db, input);
    return c.json({ message: 'Your password has been changed. Please sign in.' });
  });

/** Routes for a signed-in admin. */
const signedIn = new Hono<AdminEnv>()
  .use(requireAdmin)
  .get('/me', (c) => c.json(c.var.admin))
  .post('/logout', async (c) => {
    await signOutAdmin(c.var.db, c.var.admin.id);
    clearSessionCookie(c, 'admin');
    return c.json({ message: 'Signed out' });
  })
  .get('/stats', async (c) => c.json(await getAdminStats(c.var.db)))
  // Upload addresses for an admin: provider photos (5 MB) and flash-ad images (10 MB).
  .post('/objects/upload', async (c) =>
    c.json(
      await createUploadTicket(c.var.db, c.var.objects, {
        purpose: 'admin-image',
        owner: `admin:${c.var.admin.id}`,
      }),
    ),
  )
  .post('/flash-ads/upload', async (c) =>
    c.json(
      await createUploadTicket(c.var.db, c.var.objects, {
        purpose: 'flash-ad-image',
        owner: `admin:${c.var.admin.id}`,
      }),
    ),
  )
  /** Turns an upload URL into the object path to store (spec: POST /api/admin/process-image). */
  .post('/process-image', async (c) => {
    const { uploadURL } = parseOrThrow(ProcessImageSchema, await readJson(c));
    const objectPath = await claimUpload(c.var.db, c.var.objects, {
      reference: uploadURL,
      purposes: ['admin-image', 'flash-ad-image'],
      owner: `admin:${c.var.admin.id}`,
      field: 'uploadURL',
    });
    return c.json({ objectPath });
  })
  /** One page of applications (X-Total-Count: how many in all). */
  .get('/applications', async (c) => {
    const query = parseOrThrow(AdminPageQuerySchema, c.req.query());
    const { items, total } = await listApplications(c.var.db, query);
    c.header('X-Total-Count', String(total));
    return c.json(items);
  })
  .put('/applications/:id/review', async (c) => {
    const { status, adminNotes } = parseOrThrow(ReviewApplicationSchema, await readJson(c));
    const application = await reviewApplication(c.var.db, {
      id: idParam(c.req.param('id')),
      adminId: c.var.admin.id,
      status,
      adminNotes,
    });
    return c.json(application);
  })
  .post('/applications/:id/approve', async (c) => {
    const result = await approveApplication(c.var.db, {
      id: idParam(c.req.param('id')),
      adminId: c.var.admin.id,
      siteUrl: siteUrl(c),
    });
    return c.json(result, 201);
  })
  .route('/', adminOperationRoutes);

export const adminRoutes = new Hono<AppEnv>().route('/', signIn).route('/', signedIn);
