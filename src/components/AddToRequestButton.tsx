/**
 * "Add to request": puts a verified provider in the visitor's request tray, or takes it
 * out (a toggle: aria-pressed). Plain markup with no handler of its own: the tray's script
 * (RequestTray.astro) answers every such button by one listener on the document and sets
 * aria-pressed, so a pre-rendered card needs no JavaScript of its own for it. Its name
 * is the action alone, as a card's other controls are: the card, dialog or page says
 * whose it is, and the toast names the provider added.
 */
export function AddToRequestButton({
  provider,
  className = '',
}: {
  provider: { id: number; name: string };
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`group btn gap-1 btn-outline btn-sm aria-pressed:btn-active aria-pressed:btn-primary ${className}`}
      data-add-to-request={provider.id}
      data-provider-name={provider.name}
      data-testid="add-to-request"
      aria-pressed="false"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-4 w-4 fill-none stroke-current stroke-2 group-aria-pressed:hidden"
      >
        <path d="M12 5v14M5 12h14" />
      </svg>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="hidden h-4 w-4 fill-none stroke-current stroke-2 group-aria-pressed:inline"
      >
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      </svg>
      Add to request
    </button>
  );
}
