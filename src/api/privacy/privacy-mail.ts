/** The privacy centre's e-mails. */
import { formatDate } from '../../lib/format.ts';
import { CASE_KIND_LABELS, type CaseKind } from '../../lib/privacy-cases.ts';
import { periodInWords, RETENTION } from '../../lib/retention.ts';
import { PRIVACY_LINK_HOURS } from '../../lib/schemas/privacy.ts';
import { letter } from '../mail/letter.ts';
import type { MailMessage } from '../mail/mailer.ts';

/** The link to what is held about the address: mailed only to an address the data knows. */
export function privacyLinkMessage(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Your link to the data Verified Providers holds about you',
    buttons: [{ url, label: 'See your data' }],
    text: letter('Hello,', [
      'Someone asked for a link to everything Verified Providers holds about this e-mail address. With it you can see, download, correct or delete it:',
      url,
      '',
      `The link works for ${PRIVACY_LINK_HOURS} hours. Keep it private: it opens your data without a password.`,
      '',
      'If you did not ask for it, you can ignore this e-mail.',
    ]),
  };
}

/** The receipt of a deletion: what went, and that what is kept is listed in the centre. */
export function dataDeletedMessage(to: string, { requests }: { requests: number }): MailMessage {
  return {
    to,
    subject: 'Your data at Verified Providers is deleted',
    text: letter('Hello,', [
      `As you asked, we deleted what we held about this e-mail address: your name, phone number and the words and photos of ${requests === 1 ? 'your request' : `your ${requests} requests`}, your messages to us and the e-mails about them.`,
      '',
      `This e-mail is the last we send you. Its own text is erased ${periodInWords(RETENTION.mailBodies.days)} after it is sent.`,
    ]),
  };
}

/** The receipt of a request to the information officer, with the day it is answered by. */
export function caseReceivedMessage(
  to: string,
  { kind, dueAt }: { kind: CaseKind; dueAt: Date },
): MailMessage {
  return {
    to,
    subject: `Your ${CASE_KIND_LABELS[kind].toLowerCase()} is with our information officer`,
    text: letter('Hello,', [
      `Our information officer has your ${CASE_KIND_LABELS[kind].toLowerCase()} and will answer by e-mail by ${formatDate(dueAt.toISOString())}.`,
    ]),
  };
}

/** The information officer's answer, as written on the desk. */
export function caseReplyMessage(
  to: string,
  { kind, receivedAt, reply }: { kind: CaseKind; receivedAt: Date; reply: string },
): MailMessage {
  return {
    to,
    subject: `Our answer to your ${CASE_KIND_LABELS[kind].toLowerCase()}`,
    text: letter('Hello,', [
      `This is our information officer's answer to the ${CASE_KIND_LABELS[kind].toLowerCase()} you sent on ${formatDate(receivedAt.toISOString())}:`,
      '',
      reply,
    ]),
  };
}

/** The receipt of a closed provider account, with the day its data is erased. */
export function accountClosedMessage(
  to: string,
  { name, erasedOn }: { name: string; erasedOn: Date },
): MailMessage {
  return {
    to,
    subject: 'Your provider account at Verified Providers is closed',
    text: letter('Hello,', [
      `As you asked, ${name} is no longer listed: it does not appear in search, its page is gone and customers cannot send it requests.`,
      '',
      `We keep the profile, the application, the checks and their documents until ${formatDate(erasedOn.toISOString())} (${periodInWords(RETENTION.closedProviderAccounts.days)} after closing), as the checks need, and then erase them.`,
    ]),
  };
}
