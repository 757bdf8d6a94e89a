import { useState } from 'react';
import { uploadFailure, uploadThroughTicket, type UploadTicketRoute } from '../../lib/upload-file';

/**
 * One file input's upload, as DocumentUpload and ImageUpload run it: the file is checked
 * here first (`refusal`), then sent through an upload ticket with its progress; the server
 * checks it again. A refused or failed upload leaves its message and nothing uploaded.
 */
export function useFileUpload({
  ticketRoute,
  refusal,
  onSending,
  onUploaded,
  onFailed,
}: {
  ticketRoute: UploadTicketRoute;
  /** Why the file cannot be sent (its type, its size); undefined when it can. */
  refusal: (file: File) => string | undefined;
  /** The file passed the checks and is on its way. */
  onSending: (file: File) => void;
  /** Where the file went, for the form to send. */
  onUploaded: (upload: string, file: File) => void;
  onFailed: (message: string) => void;
}) {
  const [progress, setProgress] = useState<number>();
  const [failure, setFailure] = useState<string>();
  const [uploaded, setUploaded] = useState<File>();

  const fail = (message: string) => {
    setFailure(message);
    setProgress(undefined);
    setUploaded(undefined);
    onFailed(message);
  };

  async function upload(file: File) {
    setFailure(undefined);
    setUploaded(undefined);
    const refused = refusal(file);
    if (refused) {
      fail(refused);
      return;
    }
    onSending(file);
    setProgress(0);
    try {
      const address = await uploadThroughTicket(ticketRoute, file, setProgress);
      setProgress(100);
      setUploaded(file);
      onUploaded(address, file);
    } catch (caught) {
      fail(uploadFailure(caught));
    }
  }

  return {
    /** The percentage sent, from the start of an upload; undefined before and after a failure. */
    progress,
    /** Why the last file was refused or failed. */
    failure,
    /** The file once it has been sent. */
    uploaded,
    upload,
  };
}
