/**
 * Domains reserved for examples, documentation and tests (RFC 2606, RFC 6761): nobody can
 * own them, so a mail to them can only be a sample's. The sample data's addresses are all
 * on them (db/seed/), and the mailer never hands such a mail to an SMTP server
 * (mailer.ts): a seeded database started with SMTP_URL set writes the mails it makes to
 * the outbox folder instead of sending them to whoever answers for the domain.
 */

/** Second-level names reserved with every name under them: example.com, www.example.com. */
const RESERVED_NAMES = ['example.com', 'example.net', 'example.org'] as const;
/** Top-level names reserved with every name under them: a.test, b.example, c.invalid. */
const RESERVED_TOP_LEVEL = ['test', 'example', 'invalid', 'localhost'] as const;

/** Whether a domain name (any case, with or without the root's final dot) is reserved. */
export function isReservedDomain(domain: string): boolean {
  const name = domain.trim().toLowerCase().replace(/\.$/, '');
  const under = (reserved: string) => name === reserved || name.endsWith(`.${reserved}`);
  return RESERVED_NAMES.some(under) || RESERVED_TOP_LEVEL.some(under);
}

/**
 * Whether an e-mail address ('a@b.example.com' or 'Name <a@b.example.com>') is on a
 * reserved domain. An address without a domain counts as reserved: nowhere to send it.
 */
export function isReservedAddress(address: string): boolean {
  const bare = /<([^<>]*)>\s*$/.exec(address)?.[1] ?? address;
  const at = bare.lastIndexOf('@');
  return at === -1 || isReservedDomain(bare.slice(at + 1));
}
