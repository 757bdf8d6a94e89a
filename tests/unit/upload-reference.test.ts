import { describe, expect, it } from 'vitest';
import { ticketIdOf } from '../../src/api/uploads/upload-tickets.ts';

describe('ticketIdOf', () => {
  const id = 'AbCdEfGhIjKlMnOpQrStUvWx';
  it.each([
    [`/api/uploads/${id}`],
    [`http://localhost:8888/api/uploads/${id}`],
    [`http://127.0.0.1:7480/vp-images/incoming/${id}?X-Amz-Signature=abc`],
    [`https://vp-images.s3.af-south-1.amazonaws.com/incoming/${id}?X-Amz-Expires=900`],
    [`/objects/uploads/${id}.png`],
  ])('finds the ticket in %s', (reference) => {
    expect(ticketIdOf(reference)).toBe(id);
  });

  it.each([
    [`/api/uploads/${id}/more`],
    [`/objects/uploads/${id}.exe`],
    [`https://evil.example/incoming/short`],
    ['not a url'],
  ])('finds none in %s', (reference) => {
    expect(ticketIdOf(reference)).toBeUndefined();
  });
});
