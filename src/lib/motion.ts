/**
 * The visitor's wish for less motion (`prefers-reduced-motion`): the islands switch and
 * scroll at once where they would otherwise fade or glide. CSS says the same with
 * Tailwind's `motion-safe:` variant.
 */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** How a script-driven scroll moves: glides, unless the visitor asked for less motion. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}
