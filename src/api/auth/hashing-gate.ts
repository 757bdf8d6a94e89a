/**
 * A bound on password hashing. scrypt at N=2^17 is about half a second of CPU on one of
 * libuv's four pool threads, the same threads that read the site's files and gzip them:
 * a flood of failed sign-ins from many networks (each under its own limit) once held all
 * four, and pages stalled for 30 s while the API still answered. So at most `slots`
 * hashes run at once per process, `queued` more wait their turn, and any beyond are
 * refused at once, without hashing: 503 with Retry-After.
 */
import { availableParallelism } from 'node:os';
import { AppError } from '../errors.ts';

/** How long a refused caller is told to wait: a queue's worth of hashes. */
export const HASHING_RETRY_AFTER_SECONDS = 5;

export const HASHING_BUSY = 'Too many sign-ins at once. Please try again in a few seconds.';

export interface HashingGate {
  /** Runs `hash` when a slot is free; throws a 503 AppError when the queue is full. */
  run<T>(hash: () => Promise<T>): Promise<T>;
}

export function createHashingGate({ slots, queued }: { slots: number; queued: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    async run<T>(hash: () => Promise<T>): Promise<T> {
      if (running < slots) running++;
      else if (waiting.length < queued) await new Promise<void>((turn) => waiting.push(turn));
      else {
        throw new AppError('unavailable', HASHING_BUSY, undefined, {
          retryAfterSeconds: HASHING_RETRY_AFTER_SECONDS,
        });
      }
      try {
        return await hash();
      } finally {
        release();
      }
    },
  } satisfies HashingGate;
}

/**
 * The gate for hashes at 2^log2n: one running per core but one (two at most), so a core
 * and at least two of libuv's four pool threads stay free for pages; as many waiting as
 * make about two seconds of work at the production cost (four per slot), more when each
 * costs less (the test suites' cheap hashes), so the wait, not the count, is bounded.
 */
export function hashingGateFor(log2n: number, productionLog2n: number): HashingGate {
  const slots = Math.max(1, Math.min(2, availableParallelism() - 1));
  const cheaper = 2 ** Math.max(0, productionLog2n - log2n);
  return createHashingGate({ slots, queued: slots * 4 * cheaper });
}
