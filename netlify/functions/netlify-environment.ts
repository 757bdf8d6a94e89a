/**
 * The environment of the Netlify functions: SITE_URL defaults to the site's main address,
 * which Netlify sets as URL (https://docs.netlify.com/configure-builds/environment-variables/).
 */
export function netlifyEnvironment(): Record<string, string | undefined> {
  return { ...process.env, SITE_URL: process.env.SITE_URL ?? process.env.URL };
}
