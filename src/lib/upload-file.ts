/**
 * The browser side of an upload: ask the API for an upload ticket, then send the file
 * where it says, with progress (fetch cannot report upload progress; XMLHttpRequest can).
 */
import { answer, api, ApiError, type ApiAnswer } from './api-client';

/**
 * A route that answers an upload ticket, one per purpose (e.g.
 * `api.admin.objects.upload.$post`); they all answer alike.
 */
export type UploadTicketRoute = typeof api.public.objects.upload.$post;

/**
 * Where and how the file goes: a PUT of the file to `uploadURL` (our own API), or, with
 * S3, a form POST to the bucket (decision 0045). `uploadURL` is what later calls refer to.
 */
export type UploadTicket = ApiAnswer<UploadTicketRoute>;

export async function requestUploadTicket(ticketRoute: UploadTicketRoute): Promise<UploadTicket> {
  try {
    return await answer(ticketRoute());
  } catch (error) {
    throw new Error('Failed to get upload URL', { cause: error });
  }
}

/** The request that sends `file` with `ticket`: its method, address and body. */
export interface UploadRequest {
  method: 'PUT' | 'POST';
  url: string;
  body: Blob | FormData;
  /** For a PUT; a form's type (with its boundary) is the browser's to set. */
  contentType?: string;
}

/**
 * The request for a ticket. S3's form: the signed fields first, as the ticket gave them,
 * then the file, last (the bucket reads no field after it); the bucket refuses the body
 * if the fields or the file's size differ from what the policy signed.
 */
export function uploadRequestOf(ticket: UploadTicket, file: File): UploadRequest {
  if (ticket.method === 'PUT') {
    return {
      method: 'PUT',
      url: ticket.uploadURL,
      body: file,
      contentType: file.type || 'application/octet-stream',
    };
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', file);
  return { method: 'POST', url: ticket.url, body: form };
}

/**
 * Sends the file with its ticket: to our own API (local storage) or straight to the S3
 * bucket. Either way the ticket's `uploadURL` is what later calls refer to, so nothing is
 * read back.
 */
export function sendFile(
  ticket: UploadTicket,
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> {
  const { method, url, body, contentType } = uploadRequestOf(ticket, file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    if (contentType) request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        resolve();
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // A storage service's own (XML) error: not for people to read.
        reject(new Error(`The upload was refused (${request.status}). Please try again.`));
        return;
      }
      reject(new ApiError(request.status, request.responseText || request.statusText, body));
    };
    request.onerror = () =>
      reject(new Error('The upload failed. Check your connection and try again.'));
    request.send(body);
  });
}

/**
 * Uploads the file through a new ticket of `ticketRoute`, telling its progress; answers
 * the ticket's `uploadURL`, the reference later calls send.
 */
export async function uploadThroughTicket(
  ticketRoute: UploadTicketRoute,
  file: File,
  onProgress: (percent: number) => void,
): Promise<string> {
  const ticket = await requestUploadTicket(ticketRoute);
  await sendFile(ticket, file, onProgress);
  return ticket.uploadURL;
}

/** What to tell the person when an upload failed: the server's words where it gave some. */
export function uploadFailure(caught: unknown): string {
  if (caught instanceof ApiError) return caught.serverMessage ?? caught.message;
  return caught instanceof Error ? caught.message : 'Upload failed';
}
