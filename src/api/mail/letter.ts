/**
 * The layout of our letters: a greeting, the body and the team's name, each apart by a
 * blank line. A mail's own words are its body; the frame is the same in every one.
 */
export function letter(greeting: string, body: readonly string[]): string {
  return [greeting, '', ...body, '', 'The Verified Providers team'].join('\n');
}
