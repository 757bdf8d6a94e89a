import { useEffect, useRef, type KeyboardEvent, type SyntheticEvent } from 'react';
import { providerImageUrl } from '../../lib/provider-image';

/**
 * The viewer of a provider's photos of work (WorkGallery opens it): a modal dialog that
 * the arrow keys move through and Escape closes; the gallery puts focus back.
 */
export default function WorkPhotoViewer({
  photos,
  shown,
  providerName,
  onShow,
  onClosed,
}: {
  photos: readonly string[];
  shown: number;
  providerName: string;
  onShow: (index: number) => void;
  onClosed: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const count = photos.length;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const move = (step: number) => onShow((shown + step + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
    else return;
    event.preventDefault();
  };
  // The viewer may sit inside the provider's own dialog: its close must not close that one.
  const onClose = (event: SyntheticEvent) => {
    event.stopPropagation();
    onClosed();
  };
  const current = photos[shown];

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-label={`Photos of work by ${providerName}`}
      onClose={onClose}
      onCancel={(event) => event.stopPropagation()}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        event.stopPropagation();
        if (event.target === dialog.current) dialog.current.close();
      }}
    >
      <div className="modal-box w-full max-w-3xl p-4">
        {current !== undefined && (
          <figure className="space-y-3">
            <img
              src={providerImageUrl(current)}
              alt={`Photo ${shown + 1} of ${count} of work by ${providerName}`}
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
              <button type="button" className="btn btn-sm" onClick={() => dialog.current?.close()}>
                Close
              </button>
            </div>
          </figure>
        )}
      </div>
    </dialog>
  );
}
