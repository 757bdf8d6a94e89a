/**
 * Runs the due jobs in the background of a host, one run at a time: a kick while a run is
 * going asks for one more run after it (so a change made during a run is not missed).
 */
import { logErrorSafely } from '../http/describe-error.ts';
import { runDueJobs, type JobDependencies } from './run-due-jobs.ts';

export interface JobRunner {
  /** Starts a run soon, without waiting; the promise settles when the work is done. */
  runSoon(): Promise<void>;
  /** Waits for a run in progress, then runs once more: everything due now is done after. */
  runNow(now?: Date): Promise<void>;
}

export function createJobRunner(dependencies: JobDependencies): JobRunner {
  const logError = dependencies.logError ?? logErrorSafely;
  let running: Promise<void> | undefined;
  // Kicks counted: a kick during a run asks for one more run after it.
  let kicks = 0;

  const run = (now?: Date) =>
    runDueJobs(dependencies, now ? { now } : {}).then(
      () => {},
      (error: unknown) => logError(error),
    );

  function runSoon(): Promise<void> {
    kicks++;
    if (running) return running;
    running = (async () => {
      let handled = -1;
      while (handled !== kicks) {
        handled = kicks;
        await run();
      }
      running = undefined;
    })();
    return running;
  }

  return {
    runSoon,
    async runNow(now) {
      while (running) await running;
      await run(now);
    },
  };
}
