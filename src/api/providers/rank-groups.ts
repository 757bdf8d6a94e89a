/**
 * The listing's groups in its recommended order: verified today before not verified, and
 * within each, premium (paid placement) before the rest (list-providers.ts). Premium
 * never lifts a provider above a more verified one (docs/decisions/0039-paid-placement.md).
 */
export const RANK_GROUPS = [
  { premium: true, verified: true },
  { premium: false, verified: true },
  { premium: true, verified: false },
  { premium: false, verified: false },
] as const;
