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
  // An object, not a variable: a kick during a run sets it (TypeScript cannot see that).
  const pending = { again: false };

  const run = (now?: Date) =>
    runDueJobs(dependencies, now ? { now } : {}).then(
      () => {},
      (error: unknown) => logError(error),
    );

  function runSoon(): Promise<void> {
    if (running) {
      pending.again = true;
      return running;
    }
    running = (async () => {
      do {
        pending.again = false;
        await run();
      } while (pending.again);
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
