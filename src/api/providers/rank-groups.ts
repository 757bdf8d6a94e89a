/**
 * The listing's groups in its recommended order: premium and verified, premium, verified,
 * the rest (list-providers.ts).
 */
export const RANK_GROUPS = [
  { premium: true, verified: true },
  { premium: true, verified: false },
  { premium: false, verified: true },
  { premium: false, verified: false },
] as const;
