import { useSyncExternalStore } from 'react';

const noChange = () => () => {};
const isClient = () => true;
const isServer = () => false;

/**
 * Whether React renders in the browser after hydration: false on the server and while
 * hydrating over the built HTML, true from the render after. An island marks its root
 * `data-hydrated` with it, so the browser tests wait for controls that answer a click
 * (the built HTML shows them before they do).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noChange, isClient, isServer);
}
