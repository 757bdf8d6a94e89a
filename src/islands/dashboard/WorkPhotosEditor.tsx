import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { answer, api, ApiError } from '../../lib/api-client';
import { providerImageUrl } from '../../lib/provider-image';
import { toast } from '../../lib/toast';
import { UPLOAD_PURPOSES, WORK_PHOTO_LIMIT } from '../../lib/uploads';
import { ImageUpload, type UploadedImage } from '../uploads/ImageUpload';
import { toastFailure } from './session';

const WORK_PHOTOS_KEY = ['/api/provider/work-photos'] as const;

/**
 * The dashboard's photos of past work: up to WORK_PHOTO_LIMIT, each
 * uploaded as joining's photo is (checked, re-encoded without its location by the server)
 * and shown on the public page at once; each can be removed.
 */
export function WorkPhotosEditor() {
  const queryClient = useQueryClient();
  const [image, setImage] = useState<UploadedImage>();
  // A new key clears the file input after a photo is added.
  const [uploadKey, setUploadKey] = useState(0);
  const { data: photos, isError } = useQuery({
    queryKey: WORK_PHOTOS_KEY,
    queryFn: () => answer(api.provider['work-photos'].$get()),
  });
  const failed = (error: Error, fallback: string) =>
    toastFailure(
      queryClient,
      error,
      (error instanceof ApiError && error.serverMessage) || fallback,
    );
  const add = useMutation({
    mutationFn: (uploaded: UploadedImage) =>
      answer(api.provider['work-photos'].$post({ json: { imageURL: uploaded.uploadURL } })),
    onSuccess: (list) => {
      queryClient.setQueryData(WORK_PHOTOS_KEY, list);
      setImage(undefined);
      setUploadKey((key) => key + 1);
      toast({ title: 'Photo added', description: 'It now shows on your public profile.' });
    },
    onError: (error) => failed(error, 'Failed to add the photo. Please try again.'),
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      answer(api.provider['work-photos'][':id'].$delete({ param: { id: String(id) } })),
    onSuccess: (list) => {
      queryClient.setQueryData(WORK_PHOTOS_KEY, list);
      toast({ title: 'Photo removed', description: 'It no longer shows on your profile.' });
    },
    onError: (error) => failed(error, 'Failed to remove the photo. Please try again.'),
  });
  const full = (photos?.length ?? 0) >= WORK_PHOTO_LIMIT;

  return (
    <section
      className="card border border-base-300 bg-base-100 shadow-sm lg:col-span-2"
      aria-labelledby="work-photos-heading"
    >
      <div className="card-body gap-4">
        <div>
          <h2 id="work-photos-heading" className="card-title">
            Photos of your work
          </h2>
          <p className="text-sm">
            Show customers installations you have done: up to {WORK_PHOTO_LIMIT} photos. The place a
            photo was taken is removed before it is shown.
          </p>
        </div>
        {isError && (
          <p role="alert" className="text-error">
            Couldn&apos;t load your photos.
          </p>
        )}
        {photos && (
          <>
            <p className="text-sm font-medium" aria-live="polite">
              {photos.length} of {WORK_PHOTO_LIMIT} photos
            </p>
            {photos.length > 0 && (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {photos.map((photo, index) => (
                  <li key={photo.id} className="space-y-1">
                    <img
                      src={providerImageUrl(photo.imagePath)}
                      alt={`Work photo ${index + 1}`}
                      className="aspect-square w-full rounded-box object-cover"
                    />
                    <button
                      type="button"
                      className="btn btn-outline btn-sm w-full"
                      aria-label={`Remove work photo ${index + 1}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(photo.id)}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {full ? (
              <p className="text-sm">
                You show {WORK_PHOTO_LIMIT} photos, the most there can be. Remove one to add
                another.
              </p>
            ) : (
              <div className="flex flex-wrap items-end gap-3">
                <div className="min-w-0 flex-1">
                  <ImageUpload
                    key={uploadKey}
                    label="Add a photo of your work"
                    ticketRoute={api.provider['work-photos'].upload.$post}
                    maxBytes={UPLOAD_PURPOSES['work-photo'].maxBytes}
                    hint="Max file size: 5MB • Formats: JPG, PNG, GIF, WebP"
                    onUploaded={setImage}
                  />
                </div>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={!image || add.isPending}
                  onClick={() => image && add.mutate(image)}
                >
                  {add.isPending ? 'Adding...' : 'Add Photo'}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
