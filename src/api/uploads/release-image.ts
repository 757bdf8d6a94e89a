/**
 * A record stopped showing an uploaded image (replaced, removed, or the record deleted):
 * its file is deleted once nothing else shows it. The deletion is an outbox row written
 * in the change's transaction (DESIGN.md, Modes, side effects), and the sender checks the
 * references when it carries it out (jobs/delete-object.ts), so an image shared by an
 * application and the provider made from it stays while either shows it.
 */
import type { Queryable } from '../../../db/client.ts';
import { enqueueObjectDeletion } from '../jobs/enqueue.ts';
import { objectKeyOfPath } from '../storage/object-store.ts';

/**
 * `previous` was shown and `current` is shown now (null: nothing). Only uploads count:
 * the seed's file names under /public-objects/ are part of the site, never deleted.
 */
export async function releaseImage(
  tx: Queryable,
  previous: string | null | undefined,
  current: string | null | undefined = null,
): Promise<void> {
  const key = objectKeyOfPath(previous);
  if (key && previous !== current) await enqueueObjectDeletion(tx, key);
}
