import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../lib/api-client';
import { MAX_SITE_PHOTOS } from '../../lib/schemas/enquiry';
import { IMAGE_TYPES, MB, UPLOAD_MESSAGES, UPLOAD_PURPOSES } from '../../lib/uploads';
import { UploadProgress } from './UploadProgress';

const MAX_BYTES = UPLOAD_PURPOSES['site-photo'].maxBytes;

interface Photo {
  key: number;
  name: string;
  preview: string;
  progress: number;
  uploadURL?: string;
  error?: string;
}

interface Props {
  /**
   * The upload URLs of the photos uploaded so far, in order (what the form sends), and
   * whether one is still on its way (the form waits for it).
   */
  onChange: (uploadURLs: string[], pending: boolean) => void;
  /** The form's error for the photos, if any. */
  error?: string | undefined;
}

/**
 * Up to three photos of the site with a request: each checked here first
 * (type, size), uploaded with its own progress bar, previewed, and removable. The server
 * checks and re-encodes them again and keeps them private to the request.
 */
export function SitePhotosUpload({ onChange, error }: Props) {
  const id = useId();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const nextKey = useRef(0);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    onChange(
      photos.flatMap((p) => (p.uploadURL ? [p.uploadURL] : [])),
      photos.some((p) => !p.uploadURL && !p.error),
    );
  }, [photos, onChange]);
  // Previews are object URLs of the chosen files: freed when the form goes.
  const previews = useRef(new Set<string>());
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const update = (key: number, change: Partial<Photo>) =>
    setPhotos((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));

  async function upload(photo: Photo, file: File) {
    // The uploading code comes with the first photo chosen, not with the form
    // (docs/decisions/0049); meanwhile the photo shows at 0 % with its preview.
    let failure: (caught: unknown) => string = () => 'Upload failed';
    try {
      const uploads = await import('../../lib/upload-file');
      failure = uploads.uploadFailure;
      const ticket = await uploads.requestUploadTicket(api.public.requests.photos.upload.$post);
      await uploads.sendFile(ticket, file, (progress) => update(photo.key, { progress }));
      update(photo.key, { progress: 100, uploadURL: ticket.uploadURL });
    } catch (caught) {
      update(photo.key, { error: failure(caught) });
    }
  }

  function add(files: FileList) {
    const room = MAX_SITE_PHOTOS - photos.length;
    const chosen = [...files].slice(0, Math.max(0, room));
    const added: Photo[] = [];
    for (const file of chosen) {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      const photo: Photo = { key: nextKey.current++, name: file.name, preview, progress: 0 };
      if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
        photo.error = UPLOAD_MESSAGES.wrongType;
      } else if (file.size > MAX_BYTES) {
        photo.error = UPLOAD_MESSAGES.tooLarge(MAX_BYTES);
      } else {
        void upload(photo, file);
      }
      added.push(photo);
    }
    setPhotos((all) => [...all, ...added]);
    if (input.current) input.current.value = '';
  }

  const remove = (key: number) => setPhotos((all) => all.filter((p) => p.key !== key));
  const full = photos.length >= MAX_SITE_PHOTOS;

  return (
    <div>
      <label className="label block text-sm font-medium text-base-content" htmlFor={id}>
        Photos of the site
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={IMAGE_TYPES.join(',')}
        disabled={full}
        className="file-input w-full max-w-sm"
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(event) => {
          if (event.target.files) add(event.target.files);
        }}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm">
        Up to {MAX_SITE_PHOTOS} photos (JPEG, PNG, GIF or WebP, at most {MAX_BYTES / MB} MB each).
        Only the provider and our team see them; where they were taken is removed.
      </p>
      {photos.length > 0 && (
        <ul className="mt-2 grid gap-2" aria-label="Chosen photos">
          {photos.map((photo) => (
            <li key={photo.key} className="flex flex-wrap items-center gap-3">
              <img
                src={photo.preview}
                alt=""
                className="h-14 w-14 rounded-box object-cover"
                width={56}
                height={56}
              />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm">{photo.name}</p>
                {photo.error ? (
                  <p className="text-sm text-error" role="alert">
                    {photo.error}
                  </p>
                ) : (
                  <UploadProgress
                    percent={photo.progress}
                    label={`Upload progress: ${photo.name}`}
                    done={photo.uploadURL ? 'Uploaded' : undefined}
                  />
                )}
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => remove(photo.key)}
              >
                Remove<span className="sr-only"> {photo.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
