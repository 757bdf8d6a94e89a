import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import {
  MESSAGE_LIMITS,
  MESSAGE_TEXTS,
  MessageSchema,
  type MessageFile,
} from '../../lib/schemas/request-messages';
import { uploadFailure, uploadThroughTicket, type UploadTicketRoute } from '../../lib/upload-file';
import { DOCUMENT_ACCEPT, documentRefusal, MB, UPLOAD_PURPOSES } from '../../lib/uploads';

const MAX_BYTES = UPLOAD_PURPOSES['message-attachment'].maxBytes;

interface Attached {
  key: number;
  name: string;
  progress: number;
  upload?: string;
  error?: string;
}

/**
 * Writing a message of a request's conversation: text, and up to three photos or PDFs,
 * each checked here (type, size) and uploaded with its progress before the message is
 * sent; the server checks the bytes again. `onSend` sends it and throws the API's refusal.
 */
export function MessageForm({
  label,
  ticketRoute,
  onSend,
  hint,
}: {
  /** The text field's label, e.g. "Your message to Beta Security". */
  label: string;
  /** The route that answers an upload ticket for this side's files. */
  ticketRoute: UploadTicketRoute;
  onSend: (message: { text: string; files: MessageFile[] }) => Promise<void>;
  hint?: string | undefined;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Attached[]>([]);
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const nextKey = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const uploading = files.some((file) => !file.upload && !file.error);

  const update = (key: number, change: Partial<Attached>) =>
    setFiles((all) => all.map((file) => (file.key === key ? { ...file, ...change } : file)));

  async function attach(chosen: File) {
    const key = nextKey.current++;
    const refuse = (message: string) =>
      setFiles((all) => [...all, { key, name: chosen.name, progress: 0, error: message }]);
    const refusal = documentRefusal(chosen, MAX_BYTES);
    if (refusal) {
      refuse(refusal);
      return;
    }
    setFiles((all) => [...all, { key, name: chosen.name, progress: 0 }]);
    try {
      const upload = await uploadThroughTicket(ticketRoute, chosen, (progress) =>
        update(key, { progress }),
      );
      update(key, { progress: 100, upload });
    } catch (caught) {
      update(key, { error: uploadFailure(caught) });
    }
  }

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    setSent(false);
    const message = {
      text,
      files: files.flatMap((file) =>
        file.upload ? [{ upload: file.upload, fileName: file.name.slice(0, 200) || 'file' }] : [],
      ),
    };
    const checked = MessageSchema.safeParse(message);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? MESSAGE_TEXTS.empty);
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      await onSend(checked.data);
      setText('');
      setFiles([]);
      setSent(true);
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.serverMessage
          ? caught.serverMessage
          : 'Your message could not be sent. Please check your connection and try again.',
      );
    } finally {
      setSending(false);
    }
  }

  const kept = files.filter((file) => !file.error).length;
  return (
    <form noValidate className="space-y-3" onSubmit={(event) => void submit(event)}>
      <div>
        <label className="label text-sm font-medium text-base-content" htmlFor={`${id}-text`}>
          {label}
        </label>
        <textarea
          id={`${id}-text`}
          className="textarea w-full"
          rows={3}
          maxLength={MESSAGE_LIMITS.text}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        />
        {hint && (
          <p id={`${id}-hint`} className="mt-1 text-sm">
            {hint}
          </p>
        )}
      </div>
      <div>
        <label className="label text-sm font-medium text-base-content" htmlFor={`${id}-files`}>
          Photos or PDFs
        </label>
        <input
          ref={input}
          id={`${id}-files`}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          className="file-input w-full"
          disabled={kept >= MESSAGE_LIMITS.files}
          aria-describedby={`${id}-files-hint`}
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])].slice(0, MESSAGE_LIMITS.files - kept);
            for (const file of chosen) void attach(file);
            event.target.value = '';
          }}
        />
        <p id={`${id}-files-hint`} className="mt-1 text-sm">
          Up to {MESSAGE_LIMITS.files} with a message: PDF, JPEG, PNG or WebP, at most{' '}
          {MAX_BYTES / MB} MB each. Only the two of you and our team see them.
        </p>
        {files.length > 0 && (
          <ul className="mt-2 space-y-1" aria-label="Files to send">
            {files.map((file) => (
              <li key={file.key} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="break-all">{file.name}</span>
                <span role="status">
                  {file.error ? '' : file.upload ? 'Uploaded' : `Uploading ${file.progress}%`}
                </span>
                {file.error && <span className="text-error">{file.error}</span>}
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  onClick={() => setFiles((all) => all.filter((f) => f.key !== file.key))}
                >
                  Remove<span className="sr-only"> {file.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={sending || uploading}>
          {sending ? 'Sending...' : uploading ? 'Uploading files...' : 'Send Message'}
        </button>
        <span role="status" className="text-sm">
          {sent ? 'Your message is sent.' : ''}
        </span>
      </div>
    </form>
  );
}
