import { lazy, Suspense, useState } from 'react';
import type { Provider } from '../../lib/api-answers';
import { Modal } from '../ui/Modal';
import { ProviderModalLoading } from './ProviderModalLoading';

// The dialog's content (tabs, gallery, verification, reviews, the request form's loader)
// is loaded when a visitor first opens a provider, not with the list (docs/decisions/0049).
const ProviderModalBody = lazy(() => import('./ProviderModal'));

/**
 * The list's provider dialog: it opens at once on a tap, with the provider's name and a
 * loading state while its content is on its way (a tap is never lost to a download). `id`
 * is the provider open (useOpenProvider); `provider` is the list's copy of it, when the
 * list has one.
 */
export function LazyProviderModal({
  id,
  provider,
  onClose,
}: {
  id: number | undefined;
  provider: Provider | undefined;
  onClose: () => void;
}) {
  const [fetched, setFetched] = useState<Provider>();
  const shown = provider ?? (fetched?.id === id ? fetched : undefined);
  return (
    <Modal
      open={id !== undefined}
      onClose={onClose}
      label={shown?.name ?? 'Provider'}
      title={
        shown ? (
          <h2 className="truncate text-xl font-bold" title={shown.name}>
            {shown.name}
          </h2>
        ) : (
          <span className="skeleton block h-6 w-40" aria-hidden="true" />
        )
      }
    >
      {id !== undefined && (
        <Suspense fallback={<ProviderModalLoading />}>
          <ProviderModalBody id={id} provider={shown} onLoaded={setFetched} onMissing={onClose} />
        </Suspense>
      )}
    </Modal>
  );
}
