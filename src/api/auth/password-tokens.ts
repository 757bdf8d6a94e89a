/**
 * Single-use password links. The token goes out in an e-mail; only its SHA-256 is
 * stored, so a leaked table cannot be used to sign in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { passwordTokens } from '../../../db/schema.ts';

export type PasswordTokenPurpose = 'reset' | 'set-password';
export type PasswordTokenOwner = { adminId: number } | { providerId: number };

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createPasswordToken(
  db: Queryable,
  {
    owner,
    purpose,
    validMinutes,
  }: { owner: PasswordTokenOwner; purpose: PasswordTokenPurpose; validMinutes: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordTokens).values({
    tokenHash: hash(token),
    purpose,
    ...owner,
    expiresAt: sql`now() + ${sql.raw(`interval '${Math.trunc(validMinutes)} minutes'`)}`,
  });
  return token;
}

/** The token is known, unexpired, unused and of one of the purposes. */
const isOpen = (token: string, purposes: readonly PasswordTokenPurpose[]) =>
  and(
    eq(passwordTokens.tokenHash, hash(token)),
    isNull(passwordTokens.usedAt),
    gt(passwordTokens.expiresAt, sql`now()`),
    sql`${passwordTokens.purpose} IN (${sql.join(
      purposes.map((p) => sql`${p}`),
      sql`, `,
    )})`,
  );

const ownerOf = (row: { adminId: number | null; providerId: number | null }): PasswordTokenOwner =>
  row.adminId !== null ? { adminId: row.adminId } : { providerId: row.providerId ?? 0 };

/**
 * The owner of a token that could be used now, without using it: a cheap look-up (one
 * indexed read) that refuses a bad link before a new password costs a scrypt run.
 * consumePasswordToken still decides, atomically, which use wins.
 */
export async function findPasswordTokenOwner(
  db: Queryable,
  { token, purposes }: { token: string; purposes: readonly PasswordTokenPurpose[] },
): Promise<PasswordTokenOwner | undefined> {
  const [row] = await db
    .select({ adminId: passwordTokens.adminId, providerId: passwordTokens.providerId })
    .from(passwordTokens)
    .where(isOpen(token, purposes));
  return row && ownerOf(row);
}

/**
 * Uses a token once: answers its owner when it is known, unexpired and unused, and marks
 * it and every other open token of that owner used (older links stop working too).
 */
export async function consumePasswordToken(
  db: Queryable,
  { token, purposes }: { token: string; purposes: readonly PasswordTokenPurpose[] },
): Promise<PasswordTokenOwner | undefined> {
  const [row] = await db
    .update(passwordTokens)
    .set({ usedAt: sql`now()` })
    .where(isOpen(token, purposes))
    .returning({ adminId: passwordTokens.adminId, providerId: passwordTokens.providerId });
  if (!row) return undefined;
  const owner = ownerOf(row);
  await endPasswordLinks(db, owner);
  return owner;
}

/**
 * Marks every open link of the owner used: once a link is used, and once the password is
 * changed (a link still in a mailbox must not undo the change). A provider's links also
 * end when its e-mail changes (a trigger, db/sql/sessions.sql).
 */
export async function endPasswordLinks(db: Queryable, owner: PasswordTokenOwner): Promise<void> {
  await db
    .update(passwordTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        isNull(passwordTokens.usedAt),
        'adminId' in owner
          ? eq(passwordTokens.adminId, owner.adminId)
          : eq(passwordTokens.providerId, owner.providerId),
      ),
    );
}
