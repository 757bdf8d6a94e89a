/**
 * What a test file or a describe block opens once for all its tests (the test API, a
 * test database): opened in the block's beforeAll, closed in its afterAll.
 */
import { afterAll, beforeAll } from 'vitest';

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
