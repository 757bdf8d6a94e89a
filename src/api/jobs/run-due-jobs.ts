/**
 * Everything that runs on a schedule, in one idempotent call (DESIGN.md, Schedules):
 * the check reminders, the outbox, the upload clean-up. The Node host calls it on a
 * timer and after each change, the Netlify host from a
 * Scheduled Function and after each change. Running it twice at once is safe: every
 * job claims its rows with SKIP LOCKED or guards them with a unique key.
 */
import { cleanUpUploads, type UploadCleanUpReport } from './clean-up-uploads.ts';
import { deliverOutbox, type DeliveryReport, type OutboxDependencies } from './deliver-outbox.ts';
import { sendCheckReminders } from '../verification/send-check-reminders.ts';

export type JobDependencies = OutboxDependencies;

export interface JobsReport {
  outbox: DeliveryReport;
  uploads: UploadCleanUpReport;
  /** Required checks within the reminder window (each reminder is written once). */
  checkReminders: number;
}

export async function runDueJobs(
  dependencies: JobDependencies,
  { now }: { now?: Date | undefined } = {},
): Promise<JobsReport> {
  // Reminders first, so this run delivers them.
  const checkReminders = await sendCheckReminders(dependencies.db, { now });
  const outbox = await deliverOutbox(dependencies, { now });
  const uploads = await cleanUpUploads(dependencies.db, dependencies.objects, { now });
  return { outbox, uploads, checkReminders };
}
