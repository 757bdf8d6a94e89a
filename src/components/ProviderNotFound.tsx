/**
 * The spec's 'Provider Not Found' screen: the provider page's island shows it when the API
 * no longer has the provider, and /provider/not-found is it built, which both hosts serve
 * with status 404 for an id that has no provider (src/api/http/unbuilt-provider-page.ts).
 */
export function ProviderNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Provider Not Found</h1>
      <p className="mt-4">
        The service provider you're looking for doesn't exist or has been removed.
      </p>
      <a className="btn btn-primary mt-8" href="/providers">
        Browse All Providers
      </a>
    </section>
  );
}
