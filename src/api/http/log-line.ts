/**
 * A text as one line of the server's log: line breaks and every other control character
 * written as escapes (\r, \n, \u001b), so a subject or a message someone else wrote
 * cannot start a forged log line or drive the terminal that shows the log.
 */
export const logLine = (text: string): string =>
  text.replace(/\p{Cc}/gu, (c) =>
    c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
