/**
 * /provider/{id} when the build made no page of that id (decision 0007): a provider
 * approved since the build gets the fallback page, whose island loads it from the API
 * (200); any other id gets the 'Provider Not Found' page with status 404, so that search
 * engines see no page where there is none. Both hosts answer with this: the Node host
 * (hosts/node/site.ts) and a Netlify Function (netlify/functions/provider-page.mts).
 * `fetchSite` fetches a path of the same site: the API's answer about the provider, and
 * the built page with the headers the site sends with its pages.
 */
export const PROVIDER_FALLBACK_PAGE = '/provider/view';
export const PROVIDER_NOT_FOUND_PAGE = '/provider/not-found';

const PROVIDER_PATH = /^\/provider\/([1-9][0-9]{0,14})(\/?)$/;

export async function unbuiltProviderPage(
  url: URL,
  fetchSite: (path: string) => Promise<Response>,
): Promise<Response> {
  const match = PROVIDER_PATH.exec(url.pathname);
  let status = 404;
  if (match) {
    const answer = await fetchSite(`/api/providers/${match[1]}`);
    await answer.body?.cancel();
    // The database away for a moment: the page itself says so and offers to retry.
    status = answer.status === 404 ? 404 : answer.ok ? 200 : 503;
    // One address per page, without the trailing slash (decision 0047).
    if (status === 200 && match[2]) {
      return new Response(null, {
        status: 301,
        headers: { Location: `/provider/${match[1]}${url.search}` },
      });
    }
  }
  const page = await fetchSite(status === 404 ? PROVIDER_NOT_FOUND_PAGE : PROVIDER_FALLBACK_PAGE);
  const headers = new Headers(page.headers);
  // The body is passed on as read (decoded): its length and encoding are the host's to set.
  headers.delete('content-length');
  headers.delete('content-encoding');
  // Whether the id has a provider can change at any moment (an approval): never kept.
  headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
  return new Response(page.body, { status, headers });
}
