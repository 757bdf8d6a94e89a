/**
 * Toasts (spec section 1): one visible at a time, 5000 ms by default. Anything on the
 * page (an island, a script) calls toast(); the Toaster in the layout shows it.
 */
export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant | undefined;
  /** Milliseconds before it closes by itself. */
  duration?: number | undefined;
}

export const TOAST_EVENT = 'app:toast';
export const TOAST_DURATION = 5000;

export function toast(options: ToastOptions): void {
  window.dispatchEvent(new CustomEvent<ToastOptions>(TOAST_EVENT, { detail: options }));
}
