/**
 * The islands' upload request (src/lib/upload-file.ts): a PUT of the file to our own API
 * on local disk, or, with S3, the bucket's form with the signed fields first and the file
 * last (decision 0045). tests/s3/s3-uploads.test.ts sends the same request to a real bucket.
 */
import { describe, expect, it } from 'vitest';
import { uploadRequestOf, type UploadTicket } from '../../src/lib/upload-file.ts';

const photo = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'site.png', {
    type: 'image/png',
  });

describe('uploadRequestOf', () => {
  it("PUTs the file to the ticket's uploadURL, with the file's type", () => {
    const file = photo();
    const request = uploadRequestOf({ uploadURL: '/api/uploads/abc', method: 'PUT' }, file);
    expect(request).toEqual({
      method: 'PUT',
      url: '/api/uploads/abc',
      body: file,
      contentType: 'image/png',
    });
  });

  it('PUTs a file the system gave no type as octet-stream (the server goes by the bytes)', () => {
    const file = new File(['%PDF-1.4'], 'certificate.pdf');
    const request = uploadRequestOf({ uploadURL: '/api/uploads/abc', method: 'PUT' }, file);
    expect(request.contentType).toBe('application/octet-stream');
  });

  it("POSTs S3's form to the bucket: the ticket's fields as given, the file last", () => {
    const ticket: UploadTicket = {
      uploadURL: '/api/uploads/abc',
      method: 'POST',
      url: 'https://vp-images.s3.af-south-1.amazonaws.com/',
      fields: {
        'Content-Type': 'application/octet-stream',
        bucket: 'vp-images',
        'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
        key: 'incoming/abc',
        Policy: 'eyJleHBpcmF0aW9uIjoiIn0=',
        'X-Amz-Signature': '0'.repeat(64),
      },
    };
    const file = photo();
    const request = uploadRequestOf(ticket, file);
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://vp-images.s3.af-south-1.amazonaws.com/');
    // The browser sets multipart/form-data with its boundary: no type of ours.
    expect(request.contentType).toBeUndefined();
    expect(request.body).toBeInstanceOf(FormData);
    const entries = [...(request.body as FormData).entries()];
    expect(entries.slice(0, -1)).toEqual(Object.entries(ticket.fields));
    const [name, sent] = entries.at(-1)!;
    expect(name).toBe('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('site.png');
    expect((sent as File).size).toBe(file.size);
  });
});
