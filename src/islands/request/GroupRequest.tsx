import { useQueries } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { ProviderDetail } from '../../lib/api-answers';
import { ApiError } from '../../lib/api-client';
import { serviceName } from '../../lib/catalog/categories';
import { provinceName } from '../../lib/catalog/provinces';
import { withQueryClient } from '../../lib/query-client';
import { namesInWords } from '../../lib/request-sent';
import {
  clearTray,
  MAX_REQUEST_PROVIDERS,
  onTrayChange,
  readTray,
  removeFromTray,
  type TrayProvider,
} from '../../lib/request-tray';
import { LazyRequestServiceForm } from '../providers/LazyRequestServiceForm';
import { fetchProviderDetail, providerDetailKey } from '../providers/provider-detail-query';

/** The tray as the page shows it: undefined until the browser's store has been read. */
function useTray(): TrayProvider[] | undefined {
  const [tray, setTray] = useState<TrayProvider[]>();
  useEffect(() => {
    const update = () => setTray(readTray());
    update();
    return onTrayChange(update);
  }, []);
  return tray;
}

/** One provider of the tray as the API answers it now, or why it cannot be asked. */
type Chosen =
  | { id: number; name: string; state: 'loading' }
  | { id: number; name: string; state: 'gone' }
  | { id: number; name: string; state: 'failed' }
  | { id: number; name: string; state: 'ready'; provider: ProviderDetail };

function ChosenProvider({ chosen, canRemove }: { chosen: Chosen; canRemove: boolean }) {
  const provider = chosen.state === 'ready' ? chosen.provider : undefined;
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm" data-testid="chosen-provider">
      <div className="card-body flex-row flex-wrap items-start justify-between gap-3 p-4">
        <div className="min-w-0 space-y-1">
          <h2 className="text-lg font-semibold">
            <a className="link link-hover" href={`/provider/${chosen.id}`}>
              {provider?.name ?? chosen.name}
            </a>
          </h2>
          {provider && (
            <p className="text-sm">
              {provider.location}, {provinceName(provider.province)}
            </p>
          )}
          {chosen.state === 'loading' && <p className="text-sm">Loading...</p>}
          {chosen.state === 'gone' && (
            <p className="text-sm font-medium text-error">
              No longer on the listing: take it out to send your request.
            </p>
          )}
          {chosen.state === 'failed' && (
            <p className="text-sm">Could not be loaded. Check your connection and reload.</p>
          )}
          {provider &&
            (provider.isVerified ? (
              <span className="badge badge-success">Verified</span>
            ) : (
              <p className="text-sm font-medium text-error">
                Not verified today: only verified providers can be asked together. Take it out, or
                send it a request of its own from its page.
              </p>
            ))}
          {provider && (
            <ul className="flex flex-wrap gap-1" aria-label="Services">
              {provider.services.map((service) => (
                <li key={service} className="badge badge-outline badge-sm">
                  {serviceName(service)}
                </li>
              ))}
            </ul>
          )}
        </div>
        {canRemove && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => removeFromTray(chosen.id)}
          >
            Take out<span className="sr-only">: {provider?.name ?? chosen.name}</span>
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * /request/new: one brief to the providers of the visitor's tray (docs/decisions/0050).
 * It lists them as the API answers now (a provider whose checks lapsed since it was
 * added cannot be asked together with others), offers the services all of them do, and
 * sends one request: each provider gets a copy of its own and is not told who else was
 * asked. Once sent, the tray is emptied and the page keeps saying where it went.
 */
function GroupRequest() {
  const tray = useTray();
  // The providers the request went to: the page keeps showing them after the tray empties.
  const [sentTo, setSentTo] = useState<ProviderDetail[]>();
  const listed = sentTo?.map(({ id, name }) => ({ id, name })) ?? tray ?? [];
  const answers = useQueries({
    queries: listed.map(({ id }) => ({
      queryKey: providerDetailKey(id),
      queryFn: () => fetchProviderDetail(id),
      staleTime: 60_000,
    })),
  });
  const chosen: Chosen[] = listed.map(({ id, name }, index) => {
    const answer = answers[index];
    if (answer?.data) return { id, name, state: 'ready', provider: answer.data };
    if (answer?.error instanceof ApiError && answer.error.status === 404) {
      return { id, name, state: 'gone' };
    }
    return answer?.isError ? { id, name, state: 'failed' } : { id, name, state: 'loading' };
  });
  const ready = chosen.flatMap((c) => (c.state === 'ready' ? [c.provider] : []));
  const allReady = ready.length === chosen.length && chosen.length > 0;
  const askable = allReady && ready.every((provider) => provider.isVerified);
  const common = ready[0]?.services.filter((s) => ready.every((p) => p.services.includes(s)));
  // The form, once the providers can be asked together (and after, to say where it went).
  const group = sentTo ?? (askable && common && common.length > 0 ? ready : []);
  const formFor = group[0] ? { first: group[0], all: group } : undefined;
  const onSent = useCallback(() => {
    setSentTo(ready);
    clearTray();
  }, [ready]);

  if (tray === undefined) {
    return (
      <p role="status" className="py-8">
        Loading your request...
      </p>
    );
  }
  return (
    <div className="space-y-6">
      {chosen.length === 0 ? (
        <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
          <h2 className="text-xl font-semibold">No provider chosen yet</h2>
          <p className="mt-2">
            Press &ldquo;Add to request&rdquo; on up to {MAX_REQUEST_PROVIDERS} verified providers
            in the list or on their pages, then come back here to send them one request.
          </p>
          <a className="btn mt-4 btn-primary" href="/providers">
            Find Providers
          </a>
        </div>
      ) : (
        <section aria-labelledby="chosen-heading" className="space-y-3">
          <h2 id="chosen-heading" className="text-xl font-semibold">
            {sentTo ? 'Sent to' : `Your providers (${chosen.length} of ${MAX_REQUEST_PROVIDERS})`}
          </h2>
          <ul className="grid gap-3 md:grid-cols-3">
            {chosen.map((c) => (
              <ChosenProvider key={c.id} chosen={c} canRemove={!sentTo} />
            ))}
          </ul>
          {!sentTo && chosen.length < MAX_REQUEST_PROVIDERS && (
            <p>
              <a className="link link-primary" href="/providers">
                Add another provider
              </a>{' '}
              (up to {MAX_REQUEST_PROVIDERS}).
            </p>
          )}
        </section>
      )}
      {chosen.length > 0 && allReady && !askable && !sentTo && (
        <p role="alert" className="alert alert-warning">
          Take out the providers that cannot be asked together to send your request.
        </p>
      )}
      {askable && common?.length === 0 && !sentTo && (
        <p role="alert" className="alert alert-warning">
          {namesInWords(ready.map((p) => p.name))} have no service in common: take one out, or send
          each a request of its own.
        </p>
      )}
      {formFor && (
        <section
          aria-labelledby="brief-heading"
          className="card border border-base-300 bg-base-100 shadow-sm"
        >
          <div className="card-body p-5 sm:p-6">
            <h2 id="brief-heading" className="mb-2 text-xl font-semibold">
              Your brief
            </h2>
            <LazyRequestServiceForm provider={formFor.first} group={formFor.all} onSent={onSent} />
          </div>
        </section>
      )}
    </div>
  );
}

export default withQueryClient(GroupRequest);
