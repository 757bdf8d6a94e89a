/**
 * The mailbox an address reaches, in SQL (mailbox_of, db/sql/columns.sql): case folded,
 * any `+tag` dropped, and at Gmail the dots too, so `Bob+x@Example.co.za` is Bob's
 * mailbox and `t.h.a.b.o@googlemail.com` is `thabo@gmail.com`. One rule for every "is
 * this the same person's address" check: one pending application per mailbox, the caps on
 * confirmation mails, the provider's or an admin's own address on a review.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export const mailboxOf = (address: string | SQL | AnyPgColumn): SQL =>
  sql`mailbox_of(${address}::text)`;
