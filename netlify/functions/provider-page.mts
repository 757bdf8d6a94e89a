/**
 * /provider/{id} on Netlify when the build made no page of that id: the fallback page for
 * a provider approved since the build, the 'Provider Not Found' page with status 404 for
 * any other id (src/api/http/unbuilt-provider-page.ts). A built page is served as it is
 * (preferStatic). The API's answer and the pages come from the site itself, through the
 * CDN, with the headers netlify.toml gives its pages.
 */
import type { Config } from '@netlify/functions';
import { unbuiltProviderPage } from '../../src/api/http/unbuilt-provider-page.ts';

export default async (request: Request): Promise<Response> =>
  unbuiltProviderPage(new URL(request.url), (path) => fetch(new URL(path, request.url)));

export const config: Config = { path: '/provider/*', preferStatic: true };
