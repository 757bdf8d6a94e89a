/**
 * A screen's first moment, while the island asks who is signed in: the page's heading
 * (for screen readers, as the screen that follows has its own) and 'Loading...'.
 */
export function PageLoading({ title }: { title: string }) {
  return (
    <div className="p-16 text-center">
      <h1 className="sr-only">{title}</h1>
      <p role="status">Loading...</p>
    </div>
  );
}
