import { describe, expect, it } from 'vitest';
import { createHashingGate, hashingGateFor } from '../../src/api/auth/hashing-gate.ts';
import { AppError } from '../../src/api/errors.ts';

/** A hash that finishes when the test says so. */
function heldHash() {
  let finish: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  let started = false;
  return {
    run: () => {
      started = true;
      return done;
    },
    finish: (value: string) => finish(value),
    fail: (error: Error) => fail(error),
    started: () => started,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the hashing gate', () => {
  it('runs `slots` hashes at once, queues `queued` more in order, and refuses the rest at once with 503', async () => {
    const gate = createHashingGate({ slots: 1, queued: 2 });
    const hashes = [heldHash(), heldHash(), heldHash()];
    const outcomes = Promise.allSettled(hashes.map((hash) => gate.run(hash.run)));
    await settle();
    expect(hashes.map((hash) => hash.started())).toEqual([true, false, false]);

    const refused = await gate.run(() => Promise.resolve('never')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    expect((refused as AppError).retryAfterSeconds).toBeGreaterThan(0);

    hashes[0]?.finish('first');
    await settle();
    expect(hashes.map((hash) => hash.started())).toEqual([true, true, false]);
    hashes[1]?.fail(new Error('scrypt failed'));
    await settle();
    expect(hashes[2]?.started()).toBe(true);
    hashes[2]?.finish('third');
    expect((await outcomes).map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
  });

  it('frees its slots: after a burst, a new hash runs at once', async () => {
    const gate = createHashingGate({ slots: 2, queued: 0 });
    await Promise.all([gate.run(() => Promise.resolve(1)), gate.run(() => Promise.resolve(2))]);
    await expect(gate.run(() => Promise.resolve(3))).resolves.toBe(3);
  });

  it('lets more wait for cheaper hashes, so the wait and not the count is bounded', async () => {
    const countWaiting = async (gate: ReturnType<typeof hashingGateFor>) => {
      const held = heldHash();
      let admitted = 0;
      for (;;) {
        const run = gate.run(held.run);
        const answer = await Promise.race([
          run.then(
            () => 'done',
            () => 'refused',
          ),
          settle(),
        ]);
        if (answer === 'refused') break;
        admitted++;
        if (admitted > 10_000) break;
      }
      held.finish('x');
      return admitted;
    };
    const production = await countWaiting(hashingGateFor(17, 17));
    const cheap = await countWaiting(hashingGateFor(10, 17));
    expect(production).toBeLessThanOrEqual(10);
    // Running ones aside, 2^7 times as many wait for hashes 2^7 times cheaper.
    const slots = production / 5; // each slot: one running, four waiting
    expect(cheap - slots).toBe((production - slots) * 128);
  });
});
