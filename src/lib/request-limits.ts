/**
 * The most providers one request may be sent to at once (docs/decisions/0050). Apart from
 * the request's schema so that the tray's script on every page loads no validation code.
 */
export const MAX_REQUEST_PROVIDERS = 3;
