import { useId } from 'react';
import type { UploadTicketRoute } from '../../lib/upload-file';
import { DOCUMENT_ACCEPT, documentRefusal, MB, UPLOAD_PURPOSES } from '../../lib/uploads';
import { UploadProgress } from './UploadProgress';
import { useFileUpload } from './use-file-upload';

/** An evidence document once uploaded: what the form sends (DocumentUploadSchema). */
export interface UploadedDocument {
  upload: string;
  fileName: string;
}

interface Props {
  label: string;
  /** The API route that answers an upload address for evidence documents. */
  ticketRoute: UploadTicketRoute;
  hint?: string;
  /** The form's error for this document, if any. */
  error?: string | undefined;
  onUploaded: (document: UploadedDocument | undefined) => void;
}

const MAX_BYTES = UPLOAD_PURPOSES['evidence-document'].maxBytes;
const DEFAULT_HINT = `PDF, JPEG, PNG or WebP, at most ${MAX_BYTES / MB} MB. Kept privately: only our verification team sees it.`;

/**
 * One evidence document (a certificate, a registration): checked here first (type,
 * size), uploaded with a progress bar; the server checks the bytes again. Documents are
 * private, so there is no preview link: the file name says what was sent.
 */
export function DocumentUpload({
  label,
  ticketRoute,
  hint = DEFAULT_HINT,
  error,
  onUploaded,
}: Props) {
  const id = useId();
  const { progress, failure, uploaded, upload } = useFileUpload({
    ticketRoute,
    refusal: (file) => documentRefusal(file, MAX_BYTES),
    onSending: () => onUploaded(undefined),
    onUploaded: (upload, file) =>
      onUploaded({ upload, fileName: file.name.slice(0, 200) || 'document' }),
    onFailed: () => onUploaded(undefined),
  });

  const message = failure ?? error;
  return (
    <div>
      <label className="label block text-sm font-medium text-base-content" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={DOCUMENT_ACCEPT}
        className="file-input w-full max-w-sm"
        aria-describedby={message ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={message ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm">
        {hint}
      </p>
      {progress !== undefined && (
        <UploadProgress
          percent={progress}
          label={`Upload progress: ${label}`}
          done={uploaded?.name && `Uploaded: ${uploaded.name}`}
        />
      )}
      {message && (
        <p id={`${id}-error`} className="mt-1 text-sm text-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
