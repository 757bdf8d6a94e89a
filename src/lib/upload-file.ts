/**
 * The browser side of an upload: ask the API for an upload address, then PUT the file
 * to it with progress (fetch cannot report upload progress; XMLHttpRequest can).
 */
import { answer, api, ApiError } from './api-client';

/**
 * A route that answers an upload address, one per purpose (e.g.
 * `api.admin.objects.upload.$post`); they all answer alike.
 */
export type UploadTicketRoute = typeof api.public.objects.upload.$post;

export async function requestUploadUrl(ticketRoute: UploadTicketRoute): Promise<string> {
  try {
    const { uploadURL } = await answer(ticketRoute());
    return uploadURL;
  } catch (error) {
    throw new Error('Failed to get upload URL', { cause: error });
  }
}

/**
 * PUTs the file to its upload address: our own API (local storage) or a presigned S3 URL.
 * Either way the address itself is what later calls refer to, so nothing is read back.
 */
export function putFile(
  uploadURL: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', uploadURL);
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
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
    request.send(file);
  });
}

/** What to tell the person when an upload failed: the server's words where it gave some. */
export function uploadFailure(caught: unknown): string {
  if (caught instanceof ApiError) return caught.serverMessage ?? caught.message;
  return caught instanceof Error ? caught.message : 'Upload failed';
}
