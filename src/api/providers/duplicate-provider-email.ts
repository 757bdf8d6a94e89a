import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError } from '../errors.ts';

const DUPLICATE_EMAIL = 'A provider with this e-mail address exists already.';

/** An admin's add or change that gives a provider another's e-mail: 409 on the field. */
export function conflictOnDuplicateEmail(error: unknown): never {
  if (isUniqueViolation(error, 'service_providers_email_lower_key')) {
    throw new AppError('conflict', DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
  }
  throw error;
}
