import * as z from 'zod/mini';

/** The largest id a row can have: ids are PostgreSQL `integer`s (serial). */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A row's id in a body: a positive 32-bit integer, or `message`. Past one (`beyond`), no
 * row exists, and PostgreSQL would refuse to compare (22003, a 500): the edge answers 400.
 */
export const recordId = (message?: string, beyond = message ?? 'No such record') =>
  z.number(message).check(z.int(message), z.positive(message), z.lte(MAX_RECORD_ID, beyond));
