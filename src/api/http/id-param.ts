import { AppError } from '../errors.ts';

/** A route's numeric id (a positive 32-bit integer); anything else is "not found". */
export function idParam(value: string, notFound = 'Not found'): number {
  // Digits only: Number() would also take '1e0' or '0x1' as 1.
  const id = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
    throw new AppError('not_found', notFound);
  return id;
}
