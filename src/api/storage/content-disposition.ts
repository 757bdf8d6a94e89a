/**
 * `inline` with the file's name, for a private document shown to an admin: the name the
 * uploader's browser gave, as plain ASCII (quotes, slashes and control characters
 * replaced) and in full as RFC 5987 UTF-8, so no name can break the header.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\/]/g, '_').trim() || 'document';
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
