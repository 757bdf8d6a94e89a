import { z } from 'zod';
import { MAX_RECORD_ID } from '../../lib/schemas/record-id.ts';
import { NAMES_NOTHING } from './route-input.ts';

/**
 * A route's numeric id (a positive 32-bit integer), for validParams; anything else names
 * nothing: a 404 with `notFound`, as for an id that has no row.
 */
export function idParam(notFound = 'Not found') {
  return z.string().transform((value, context) => {
    // Digits only: Number() would also take '1e0' or '0x1' as 1.
    const id = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isSafeInteger(id) && id >= 1 && id <= MAX_RECORD_ID) return id;
    context.issues.push({ code: 'custom', message: notFound, input: value, params: NAMES_NOTHING });
    return z.NEVER;
  });
}
