import { lazy, Suspense, useRef, useState } from 'react';
import { providerImageUrl } from '../../lib/provider-image';

// The viewer comes with the first photo opened (docs/decisions/0049).
const WorkPhotoViewer = lazy(() => import('./WorkPhotoViewer'));

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
  const opener = useRef<HTMLButtonElement | null>(null);
  const count = photos.length;
  if (count === 0) return null;

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
      {shown !== undefined && (
        <Suspense
          fallback={
            <p role="status" className="mt-2 flex items-center gap-2 text-sm">
              <span className="loading loading-sm loading-spinner" aria-hidden="true" />
              Opening the photo...
            </p>
          }
        >
          <WorkPhotoViewer
            photos={photos}
            shown={shown}
            providerName={providerName}
            onShow={setShown}
            onClosed={() => {
              setShown(undefined);
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
