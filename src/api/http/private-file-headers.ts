/**
 * The answer headers of a private file (a request's site photo, a file sent in its
 * conversation, a quote's PDF): its type and how it is shown, kept by no cache on the way,
 * and its type never sniffed, so an upload cannot pass for a page of ours.
 */
export const privateFileHeaders = (contentType: string, disposition: string) => ({
  'Content-Type': contentType,
  'Content-Disposition': disposition,
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
});
