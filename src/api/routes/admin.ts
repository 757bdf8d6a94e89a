/** /api/admin/*: sign-in, statistics, the review of applications, and the operations (admin-operations.ts). */
import { Hono } from 'hono';
import { AdminPageQuerySchema } from '../../lib/schemas/admin-lists.ts';
import {
  AdminLoginSchema,
  ProcessImageSchema,
  ReviewApplicationSchema,
} from '../../lib/schemas/admin.ts';
import { adminAccounts, adminInvitations } from '../accounts/account-kinds.ts';
import { endSessions } from '../accounts/end-sessions.ts';
import { signInAccount } from '../accounts/sign-in-account.ts';
import type { AppEnv } from '../app-env.ts';
import { approveApplication } from '../applications/approve-application.ts';
import { listApplications } from '../applications/list-applications.ts';
import { reviewApplication } from '../applications/review-application.ts';
import { requireAdmin, type AdminEnv } from '../auth/require-admin.ts';
import { clearSessionCookie } from '../auth/sessions.ts';
import { getApplicationChecklist } from '../documents/application-checklist.ts';
import { changesPublicData, noStore } from '../http/cache.ts';
import { idParam } from '../http/id-param.ts';
import { validJson, validParams, validQuery } from '../http/route-input.ts';
import { siteUrl } from '../http/site-url.ts';
import { getAdminStats } from '../stats/get-admin-stats.ts';
import { claimUpload } from '../uploads/claim-upload.ts';
import { adminUploadTicket } from '../uploads/upload-tickets-by-asker.ts';
import { adminOperationRoutes } from './admin-operations.ts';
import { forgotPasswordRoute, setPasswordRoute } from './password-link-routes.ts';

/** Routes that work without a session. */
const signIn = new Hono<AppEnv>()
  .use(async (c, next) => {
    noStore(c);
    await next();
  })
  .post('/login', validJson(AdminLoginSchema), async (c) => {
    const { token, account } = await signInAccount(c, adminAccounts, c.req.valid('json'));
    return c.json({ admin: account, token });
  })
  .route('/', forgotPasswordRoute(adminAccounts))
  .route('/', setPasswordRoute('/reset-password', adminAccounts))
  /** The invitation link of a new team admin: their first password (decision 0048). */
  .route('/', setPasswordRoute('/set-password', adminInvitations));

/** Routes for a signed-in admin. */
const signedIn = new Hono<AdminEnv>()
  .use(requireAdmin)
  .get('/me', (c) => c.json(c.var.admin))
  .post('/logout', async (c) => {
    await endSessions(c.var.db, adminAccounts, c.var.admin.id);
    clearSessionCookie(c, 'admin');
    return c.json({ message: adminAccounts.texts.signedOut });
  })
  .get('/stats', async (c) => c.json(await getAdminStats(c.var.db)))
  // Upload addresses for an admin: provider photos (5 MB) and flash-ad images (10 MB).
  .post('/objects/upload', async (c) => c.json(await adminUploadTicket(c, 'admin-image')))
  .post('/flash-ads/upload', async (c) => c.json(await adminUploadTicket(c, 'flash-ad-image')))
  // Evidence documents for a check (10 MB, PDF or image), kept privately.
  .post('/documents/upload', async (c) => c.json(await adminUploadTicket(c, 'evidence-document')))
  /** Turns an upload URL into the object path to store (spec: POST /api/admin/process-image). */
  .post('/process-image', validJson(ProcessImageSchema), async (c) => {
    const objectPath = await claimUpload(c.var.db, c.var.objects, {
      reference: c.req.valid('json').uploadURL,
      purposes: ['admin-image', 'flash-ad-image'],
      owner: `admin:${c.var.admin.id}`,
      field: 'uploadURL',
    });
    return c.json({ objectPath });
  })
  /** One page of applications (X-Total-Count: how many in all). */
  .get('/applications', validQuery(AdminPageQuerySchema), async (c) => {
    const { items, total } = await listApplications(c.var.db, c.req.valid('query'));
    c.header('X-Total-Count', String(total));
    return c.json(items);
  })
  .put(
    '/applications/:id/review',
    changesPublicData,
    validParams({ id: idParam() }),
    validJson(ReviewApplicationSchema),
    async (c) => {
      const { status, adminNotes } = c.req.valid('json');
      const application = await reviewApplication(c.var.db, {
        id: c.req.valid('param').id,
        adminId: c.var.admin.id,
        status,
        adminNotes,
      });
      return c.json(application);
    },
  )
  .post(
    '/applications/:id/approve',
    changesPublicData,
    validParams({ id: idParam() }),
    async (c) => {
      const result = await approveApplication(c.var.db, {
        id: c.req.valid('param').id,
        adminId: c.var.admin.id,
        siteUrl: siteUrl(c),
      });
      return c.json(result, 201);
    },
  )
  /** What the checks need of an application: stated facts, documents, consent. */
  .get('/applications/:id/checklist', validParams({ id: idParam() }), async (c) =>
    c.json(await getApplicationChecklist(c.var.db, c.req.valid('param').id)),
  )
  .route('/', adminOperationRoutes);

export const adminRoutes = new Hono<AppEnv>().route('/', signIn).route('/', signedIn);
