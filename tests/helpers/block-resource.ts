/**
 * What a test file or a describe block opens once for all its tests (the test API, a
 * test database): opened in the block's beforeAll, closed in its afterAll; and what each
 * of its tests gets afresh (a signed-in admin or provider), made in its beforeEach.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';

/**
 * Registers the hooks and answers a getter of the open resource; the getter fails,
 * saying `${what} in beforeAll`, when it is called before (at a file's top level rather
 * than in a test or a hook).
 */
export function useBlockResource<T extends { close(): Promise<void> }>(
  open: () => Promise<T>,
  what: string,
): () => T {
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(() => opened?.close());
  return () => {
    if (!opened) throw new Error(`${what} in beforeAll: use it in a test or a hook`);
    return opened;
  };
}

/**
 * Registers a beforeEach that makes the resource afresh for each test, and answers an
 * object whose properties read those of the running test's resource, so the block
 * declares it once as a constant. The properties are those of the first resource made;
 * they are there from the first beforeEach on, in every test and later hook.
 */
export function useEachTestResource<T extends object>(make: () => Promise<T>): Readonly<T> {
  let current: T | undefined;
  const view = {} as T;
  beforeEach(async () => {
    const made = await make();
    current = made;
    for (const key of Object.keys(made) as (keyof T & string)[]) {
      if (Object.hasOwn(view, key)) continue;
      Object.defineProperty(view, key, { enumerable: true, get: () => current?.[key] });
    }
  });
  return view;
}
