/**
 * Everything that runs on a schedule, in one idempotent call (DESIGN.md, Schedules):
 * the check reminders, the reminders of requests waiting on their provider, the admins'
 * hourly digest of new applications, the retention schedule, the outbox, the upload clean-up. The Node host calls it on a timer and after each change, the
 * Netlify host from a Scheduled Function and after each change. Running it twice at once is safe: every
 * job claims its rows with SKIP LOCKED or a conditional update, or guards them with a
 * unique key.
 */
import { sendApplicationDigest } from '../applications/send-application-digest.ts';
import { sendRequestReminders } from '../enquiries/send-request-reminders.ts';
import type { Env } from '../env.ts';
import { applyRetention, type RetentionReport } from '../privacy/apply-retention.ts';
import { sendCheckReminders } from '../verification/send-check-reminders.ts';
import { cleanUpUploads, type UploadCleanUpReport } from './clean-up-uploads.ts';
import { deliverOutbox, type DeliveryReport, type OutboxDependencies } from './deliver-outbox.ts';

export type JobDependencies = OutboxDependencies & {
  /** SITE_URL for links in the mails the jobs write, read when they run. */
  env: Pick<Env, 'SITE_URL'>;
};

export interface JobsReport {
  outbox: DeliveryReport;
  uploads: UploadCleanUpReport;
  /** Check reminders this run found to write (each is written once, ever). */
  checkReminders: number;
  /** Requests whose provider was reminded of them now (each assignment once). */
  requestReminders: number;
  /** Applications the admins' digest counted now (one digest an hour at most). */
  digestedApplications: number;
  /** What the retention schedule erased or anonymised now (src/lib/retention.ts). */
  retention: RetentionReport;
}

export async function runDueJobs(
  dependencies: JobDependencies,
  { now }: { now?: Date | undefined } = {},
): Promise<JobsReport> {
  // Reminders first, so this run delivers them.
  const checkReminders = await sendCheckReminders(dependencies.db, { now });
  const requestReminders = await sendRequestReminders(dependencies.db, {
    now,
    siteUrl: dependencies.env.SITE_URL,
  });
  const digestedApplications = await sendApplicationDigest(dependencies.db, {
    now,
    siteUrl: dependencies.env.SITE_URL,
  });
  // Before the outbox, so the files of what it deleted go in this run.
  const retention = await applyRetention(dependencies.db, { now });
  const outbox = await deliverOutbox(dependencies, { now });
  const uploads = await cleanUpUploads(dependencies.db, dependencies.objects, { now });
  return { outbox, uploads, checkReminders, requestReminders, digestedApplications, retention };
}
