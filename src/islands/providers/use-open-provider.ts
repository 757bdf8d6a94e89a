import { useCallback, useEffect, useRef, useState } from 'react';
import type { Provider } from '../../lib/api-answers';

/** The query parameter that names the provider open in the modal: ?provider=12. */
export const OPEN_PROVIDER_PARAM = 'provider';

function idFromUrl(): number | undefined {
  const raw = new URLSearchParams(window.location.search).get(OPEN_PROVIDER_PARAM);
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
}

function urlWith(id: number | undefined): string {
  const url = new URL(window.location.href);
  if (id === undefined) url.searchParams.delete(OPEN_PROVIDER_PARAM);
  else url.searchParams.set(OPEN_PROVIDER_PARAM, String(id));
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Marks the history entry this hook added, so that closing can go back over it. */
interface OpenedHere {
  openProvider: number;
}

function openedHere(state: unknown, id: number): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Partial<OpenedHere>).openProvider === id
  );
}

/**
 * The provider open in the list's modal, kept in the URL: opening adds ?provider=<id>
 * (history.pushState), so the phone's Back button closes the modal instead of leaving the
 * list, Forward opens it again, and a shared link opens it on load (the modal fetches it
 * by id when it is not on the list's page: `id` without `provider`). Closing goes back
 * over the entry it added, or removes the parameter when the page was loaded with it.
 */
export function useOpenProvider(listed: readonly Provider[] | undefined) {
  const [openId, setOpenId] = useState<number>();
  const [picked, setPicked] = useState<Provider>();
  // The open id right now, for a close that comes twice (the button, then the dialog's
  // own close event) before React has rendered.
  const current = useRef<number>(undefined);

  useEffect(() => {
    const sync = () => {
      current.current = idFromUrl();
      setOpenId(current.current);
    };
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);

  // The list's newer answer of the provider first: a built first page has no contact
  // details (decision 0011), the API's answer that replaces it does.
  const provider: Provider | undefined =
    openId === undefined
      ? undefined
      : (listed?.find((listedProvider) => listedProvider.id === openId) ??
        (picked?.id === openId ? picked : undefined));

  const open = useCallback((chosen: Provider | number) => {
    const id = typeof chosen === 'number' ? chosen : chosen.id;
    if (typeof chosen !== 'number') setPicked(chosen);
    current.current = id;
    setOpenId(id);
    const state: OpenedHere = { openProvider: id };
    window.history.pushState(state, '', urlWith(id));
  }, []);

  const close = useCallback(() => {
    const id = current.current;
    if (id === undefined) return;
    current.current = undefined;
    setOpenId(undefined);
    if (idFromUrl() !== id) return;
    if (openedHere(window.history.state, id)) window.history.back();
    else window.history.replaceState(window.history.state, '', urlWith(undefined));
  }, []);

  return { id: openId, provider, open, close } as const;
}
