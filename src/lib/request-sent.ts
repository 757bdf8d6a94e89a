/**
 * What the request form says once a request is stored: who receives it, and
 * the mail with the link to follow it only when that mail was written (a customer's
 * address gets at most a few a day).
 */
/** Providers named in a sentence: "A", "A and B", "A, B and C". */
export function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export function requestSentMessage(reference: string, providerName: string, mailed: boolean) {
  const sent = `Your request ${reference} has been sent to ${providerName}.`;
  return mailed ? `${sent} We have e-mailed you a link to follow it.` : sent;
}
