/**
 * The mailbox an address reaches, in SQL: case folded and any `+tag` dropped, so
 * `Bob+x@Example.co.za` is Bob's mailbox. One rule for every "is this the same person's
 * address" check: the cap on confirmation mails, the provider's or an admin's own address
 * on a review.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export const mailboxOf = (address: string | SQL | AnyPgColumn): SQL =>
  sql`regexp_replace(lower(${address}::text), '\\+[^@]*@', '@')`;
