/**
 * No control characters in any text a person types (PostgreSQL text cannot even hold
 * NUL); tab, line feed and carriage return are text. Used by the forms' schemas and by the
 * API for every JSON body and query string.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
export const CONTROL_CHARACTERS_MESSAGE = 'Please remove unusual characters';
