import { lazy, Suspense, type ComponentProps } from 'react';

// The conversation and its form come after the page's first view: loaded once the page
// has shown the request, not with it.
const Conversation = lazy(() => import('./Conversation'));

export function LazyConversation(props: ComponentProps<typeof Conversation>) {
  return (
    <Suspense
      fallback={
        <p role="status" className="py-4">
          Loading your messages...
        </p>
      }
    >
      <Conversation {...props} />
    </Suspense>
  );
}
