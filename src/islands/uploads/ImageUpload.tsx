import { useEffect, useId, useState } from 'react';
import type { UploadTicketRoute } from '../../lib/upload-file';
import { IMAGE_TYPES, UPLOAD_MESSAGES } from '../../lib/uploads';
import { UploadProgress } from './UploadProgress';
import { useFileUpload } from './use-file-upload';

export interface UploadedImage {
  /** Where the file went; later calls (application, process-image) refer to it. */
  uploadURL: string;
}

interface Props {
  label: string;
  /** The API route that answers an upload address for this purpose. */
  ticketRoute: UploadTicketRoute;
  maxBytes: number;
  hint?: string;
  /** A square thumbnail of the chosen file (default); false when the caller shows the image. */
  thumbnail?: boolean;
  onUploaded: (image: UploadedImage | undefined) => void;
  onError?: (message: string) => void;
}

/** One image: checked here first (type, size), uploaded with a progress bar, previewed. */
export function ImageUpload({
  label,
  ticketRoute,
  maxBytes,
  hint,
  thumbnail = true,
  onUploaded,
  onError,
}: Props) {
  const id = useId();
  const [preview, setPreview] = useState<string>();

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const { progress, failure, uploaded, upload } = useFileUpload({
    ticketRoute,
    refusal: (file) =>
      !(IMAGE_TYPES as readonly string[]).includes(file.type)
        ? UPLOAD_MESSAGES.wrongType
        : file.size > maxBytes
          ? UPLOAD_MESSAGES.tooLarge(maxBytes)
          : undefined,
    onSending: (file) => setPreview(URL.createObjectURL(file)),
    onUploaded: (uploadURL) => onUploaded({ uploadURL }),
    onFailed: (message) => {
      onUploaded(undefined);
      onError?.(message);
    },
  });

  return (
    <div>
      <label className="label text-sm font-medium text-base-content" htmlFor={id}>
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-4">
        {preview && thumbnail && (
          <img
            src={preview}
            alt="Preview of the chosen image"
            className="h-20 w-20 rounded-box object-cover"
          />
        )}
        <input
          id={id}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="file-input w-full max-w-sm"
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm">
        {hint}
      </p>
      {progress !== undefined && (
        <UploadProgress
          percent={progress}
          label="Upload progress"
          done={uploaded ? 'Uploaded' : undefined}
        />
      )}
      {failure && (
        <p className="mt-1 text-sm text-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
