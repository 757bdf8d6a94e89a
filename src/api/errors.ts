/**
 * Errors are values with a code; the code decides the HTTP status, in this one place.
 * app.onError turns any AppError into the JSON answer `{ message, errors? }`.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors: Record<string, string> | undefined;
  /** Seconds until trying again makes sense: sent as Retry-After (every 429 and 503 has one). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    fieldErrors?: Record<string, string>,
    { retryAfterSeconds }: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get status(): (typeof ERROR_STATUS)[ErrorCode] {
    return ERROR_STATUS[this.code];
  }
}

export interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

/**
 * A refusal of one field of the input: the message is the answer's and, under `field`,
 * the field's, so a form shows it by the field. Without a field (an upload sent on its
 * own, not from a form), the message alone.
 */
export function fieldRefusal(code: ErrorCode, message: string, field?: string): AppError {
  return new AppError(code, message, field === undefined ? undefined : { [field]: message });
}
