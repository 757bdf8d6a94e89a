/**
 * The conversation of a request (docs/decisions/0050): messages both ways between the
 * customer (the status page, with its token) and the provider of one copy (the
 * dashboard), with up to three photos or PDFs each. The forms and the API validate with
 * these schemas.
 */
import * as z from 'zod/mini';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE } from '../text-rules.ts';
import { DOCUMENT_NAME_MAX_LENGTH, UPLOAD_REFERENCE_MAX_LENGTH } from '../uploads.ts';
import { recordId } from './record-id.ts';
import { RequestTokenSchema } from './request-status.ts';

export const MESSAGE_LIMITS = {
  /** Characters of one message. */
  text: 2000,
  /** Photos or PDFs sent with one message. */
  files: 3,
  /** Messages in one copy's conversation, both sides together: a bound on a flood. */
  perConversation: 200,
} as const;

export const MESSAGE_TEXTS = {
  empty: 'Write a message or add a file',
  tooLong: `A message has at most ${MESSAGE_LIMITS.text} characters`,
  tooManyFiles: `At most ${MESSAGE_LIMITS.files} files with one message`,
  fileAgain: 'Please add the file again',
  fileName: 'The file needs a name',
  conversation: 'Choose the provider to write to',
  notFound: 'This conversation was not found.',
  closed: 'This request is closed: no more messages can be sent on it.',
  full: `This conversation has reached ${MESSAGE_LIMITS.perConversation} messages. Please contact our team.`,
  fileNotFound: 'File not found',
  noProvider: 'This request has no provider to write to yet. Our team follows it.',
} as const;

const noControls = { message: CONTROL_CHARACTERS_MESSAGE };

/** A file sent with a message: the upload's reference and the name the browser gave it. */
export const MessageFileSchema = z.object({
  upload: z
    .string(MESSAGE_TEXTS.fileAgain)
    .check(
      z.trim(),
      z.minLength(1, MESSAGE_TEXTS.fileAgain),
      z.maxLength(UPLOAD_REFERENCE_MAX_LENGTH, MESSAGE_TEXTS.fileAgain),
    ),
  fileName: z.string(MESSAGE_TEXTS.fileName).check(
    z.trim(),
    z.minLength(1, MESSAGE_TEXTS.fileName),
    z.maxLength(DOCUMENT_NAME_MAX_LENGTH, `At most ${DOCUMENT_NAME_MAX_LENGTH} characters`),
    z.refine((v) => !CONTROL_CHARACTERS.test(v), noControls),
  ),
});
export type MessageFile = z.output<typeof MessageFileSchema>;

const messageFields = {
  text: z._default(
    z.string(MESSAGE_TEXTS.empty).check(
      z.trim(),
      z.maxLength(MESSAGE_LIMITS.text, MESSAGE_TEXTS.tooLong),
      z.refine((v) => !CONTROL_CHARACTERS.test(v), noControls),
    ),
    '',
  ),
  files: z._default(
    z.array(MessageFileSchema, MESSAGE_TEXTS.fileAgain).check(
      z.maxLength(MESSAGE_LIMITS.files, MESSAGE_TEXTS.tooManyFiles),
      z.refine(
        (files) => new Set(files.map((f) => f.upload)).size === files.length,
        MESSAGE_TEXTS.fileAgain,
      ),
    ),
    [],
  ),
};

/** Text, files, or both; never neither. */
const saysSomething = (m: { text: string; files: unknown[] }) =>
  m.text.length > 0 || m.files.length > 0;
const saysNothing = { message: MESSAGE_TEXTS.empty, path: ['text'] };

/** What the provider writes (POST /api/provider/enquiries/{id}/messages). */
export const MessageSchema = z.object(messageFields).check(z.refine(saysSomething, saysNothing));
export type Message = z.output<typeof MessageSchema>;
export type MessageInput = z.input<typeof MessageSchema>;

/**
 * What the customer writes (POST /api/requests/messages): with the status page's token,
 * and the copy of the request it goes to (one provider of the request).
 */
export const CustomerMessageSchema = z
  .object({
    ...RequestTokenSchema.shape,
    enquiryId: recordId(MESSAGE_TEXTS.conversation),
    ...messageFields,
  })
  .check(z.refine(saysSomething, saysNothing));
export type CustomerMessage = z.output<typeof CustomerMessageSchema>;
