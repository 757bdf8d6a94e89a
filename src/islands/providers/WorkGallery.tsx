import { useEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { providerImageUrl } from '../../lib/provider-image';

/**
 * A provider's photos of past work: thumbnails, each opening a viewer
 * that the keyboard drives: arrow keys move between photos, Escape closes it, and focus
 * goes back to the thumbnail it was opened from. Nothing when there are no photos.
 */
export function WorkGallery({
  photos,
  providerName,
  heading: Heading = 'h3',
}: {
  photos: readonly string[];
  providerName: string;
  /** The level of the section's heading where it is inserted. */
  heading?: 'h2' | 'h3';
}) {
  const [shown, setShown] = useState<number>();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const count = photos.length;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (shown !== undefined && !element.open) element.showModal();
    if (shown === undefined && element.open) element.close();
  }, [shown]);

  if (count === 0) return null;

  const describe = (index: number) => `Photo ${index + 1} of ${count} of work by ${providerName}`;
  const move = (step: number) =>
    setShown((index) => (index === undefined ? index : (index + step + count) % count));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
    else return;
    event.preventDefault();
  };
  // The viewer may sit inside the provider's own dialog: its close must not close that one.
  const onClosed = (event: SyntheticEvent) => {
    event.stopPropagation();
    setShown(undefined);
    opener.current?.focus();
  };
  const current = shown === undefined ? undefined : photos[shown];

  return (
    <section aria-label="Photos of our work">
      <Heading className="mb-2 text-lg font-semibold">Photos of our work</Heading>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {photos.map((photo, index) => (
          <li key={photo}>
            <button
              type="button"
              className="block w-full overflow-hidden rounded-box"
              aria-label={`Open photo ${index + 1} of ${count}`}
              onClick={(event) => {
                opener.current = event.currentTarget;
                setShown(index);
              }}
            >
              <img
                src={providerImageUrl(photo)}
                alt=""
                width={300}
                height={300}
                loading="lazy"
                className="aspect-square w-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        className="modal"
        aria-label={`Photos of work by ${providerName}`}
        onClose={onClosed}
        onCancel={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
        onClick={(event) => {
          event.stopPropagation();
          if (event.target === dialog.current) setShown(undefined);
        }}
      >
        <div className="modal-box w-full max-w-3xl p-4">
          {current !== undefined && shown !== undefined && (
            <figure className="space-y-3">
              <img
                src={providerImageUrl(current)}
                alt={describe(shown)}
                className="max-h-[70vh] w-full rounded-box bg-base-200 object-contain"
              />
              <figcaption className="flex items-center justify-between gap-2">
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() => move(-1)}
                  aria-label="Previous photo"
                >
                  ‹ Previous
                </button>
                <span aria-live="polite">
                  Photo {shown + 1} of {count}
                </span>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() => move(1)}
                  aria-label="Next photo"
                >
                  Next ›
                </button>
              </figcaption>
              <div className="flex justify-end">
                <button type="button" className="btn btn-sm" onClick={() => setShown(undefined)}>
                  Close
                </button>
              </div>
            </figure>
          )}
        </div>
      </dialog>
    </section>
  );
}
