import type { PositionState } from '../use-visitor-position';

/**
 * Near me, a toggle (aria-pressed): pressed, the browser asks for the position; on, the
 * list can be nearest first with distances; pressed again, it is off.
 */
export function NearMeButton({
  state,
  notice,
  onTurnOn,
  onTurnOff,
}: {
  state: PositionState;
  /** Why Near me failed, said once (a polite live region) and shown for a few seconds. */
  notice: string;
  onTurnOn: () => void;
  onTurnOff: () => void;
}) {
  const on = state.status === 'on';
  const asking = state.status === 'asking';
  return (
    <div>
      <button
        type="button"
        className={`btn btn-sm ${on ? 'btn-primary' : 'btn-outline'}`}
        aria-pressed={on}
        aria-disabled={asking || undefined}
        data-testid="near-me"
        onClick={() => {
          if (asking) return;
          if (on) onTurnOff();
          else onTurnOn();
        }}
      >
        <PinIcon className={`h-4 w-4 ${asking ? 'opacity-60' : ''}`} />
        Near me
        {asking && <span className="sr-only">: finding your location</span>}
        {on && <span aria-hidden="true">✓</span>}
      </button>
      {/* Floats under the button, from the left of the toolbar (its positioned parent): its
          coming and going moves nothing on the page. */}
      <div role="status" className="absolute left-0 z-10 mt-2 w-72">
        {notice && (
          <p
            className="rounded-box border border-base-300 bg-base-100 p-3 text-sm shadow-lg"
            data-testid="location-notice"
          >
            {notice}
          </p>
        )}
      </div>
    </div>
  );
}

function PinIcon({ className }: { className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}
