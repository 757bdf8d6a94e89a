/** Evidence documents: their type by the bytes, and a header no name can break. */
import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../src/api/storage/content-disposition.ts';
import { detectDocumentType } from '../../src/api/storage/image-type.ts';
import { PRIVATE_KEY, OBJECT_KEY, isStoreKey } from '../../src/api/storage/object-store.ts';
import { privateKeyOf } from '../../src/api/uploads/upload-tickets.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('detectDocumentType', () => {
  it('knows a PDF and the images a certificate is photographed as', () => {
    expect(detectDocumentType(bytes('%PDF-1.7\n...'))).toBe('application/pdf');
    expect(detectDocumentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(detectDocumentType(bytes('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses a GIF, HTML, a ZIP (an office file) and a PDF signature that is not at the start', () => {
    expect(detectDocumentType(bytes('GIF89a...'))).toBeUndefined();
    expect(detectDocumentType(bytes('<html><body>%PDF-1.4'))).toBeUndefined();
    expect(detectDocumentType(bytes('PK\x03\x04word/document.xml'))).toBeUndefined();
    expect(detectDocumentType(bytes(' %PDF-1.4'))).toBeUndefined();
  });
});

describe('private keys', () => {
  it('are store keys, but never the keys of served images', () => {
    const key = privateKeyOf('AbCdEfGhIjKlMnOpQrSt', 'application/pdf');
    expect(key).toBe('private/AbCdEfGhIjKlMnOpQrSt.pdf');
    expect(PRIVATE_KEY.test(key)).toBe(true);
    expect(isStoreKey(key)).toBe(true);
    expect(OBJECT_KEY.test(key)).toBe(false);
    expect(isStoreKey('private/../uploads/AbCdEfGhIjKlMnOpQrSt.pdf')).toBe(false);
  });
});

describe('contentDisposition', () => {
  it('keeps the name readable and the header whole, whatever the name holds', () => {
    expect(contentDisposition('PSIRA certificate.pdf')).toBe(
      `inline; filename="PSIRA certificate.pdf"; filename*=UTF-8''PSIRA%20certificate.pdf`,
    );
    const hostile = contentDisposition('a"; filename="evil.html\r\nX-Injected: 1.pdf');
    expect(hostile).not.toMatch(/[\r\n]/);
    expect(
      hostile.startsWith('inline; filename="a_; filename=_evil.html__X-Injected: 1.pdf"'),
    ).toBe(true);
    expect(contentDisposition('Sertifikaat ü.pdf')).toContain(
      "filename*=UTF-8''Sertifikaat%20%C3%BC.pdf",
    );
  });
});
