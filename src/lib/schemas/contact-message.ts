/**
 * The contact form on /contact: POST /api/contact, and the form that sends it. A message
 * is stored, mailed to the company's e-mail address, and a copy with its reference goes
 * to the sender (src/api/contact/send-contact-message.ts).
 */
import * as z from 'zod/mini';
import { CONTACT_LIMITS, CONTACT_TOPIC_VALUES } from '../catalog/contact-topics.ts';
import { numberedReference } from '../request-reference.ts';
import { emailField, requiredText } from './fields.ts';

export { CONTACT_LIMITS };

export const ContactMessageSchema = z.object({
  name: requiredText('Please enter your name', CONTACT_LIMITS.name),
  email: emailField(),
  topic: z.enum(CONTACT_TOPIC_VALUES, 'Please choose what your message is about'),
  message: requiredText('Please write your message', CONTACT_LIMITS.message, {
    min: CONTACT_LIMITS.messageMin,
    tooShort: `Please write at least ${CONTACT_LIMITS.messageMin} characters`,
  }),
});

export type ContactMessage = z.output<typeof ContactMessageSchema>;

/**
 * The reference of a message: `MSG-26-000042`, the year it was sent in South Africa and
 * its number, as a service request's `VP-26-000123` (request-reference.ts) but told apart
 * from one at a glance.
 */
export function contactReference(id: number, sentAt: Date | string): string {
  return numberedReference('MSG', id, sentAt);
}

/** What the sender reads once the message is sent (the API's answer and the form). */
export const contactSentMessage = (reference: string, email: string) =>
  `We have your message. Your reference is ${reference}, and a copy is on its way to ${email}.`;
