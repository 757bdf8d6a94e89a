import { useState, type SyntheticEvent } from 'react';
import { ApiError } from '../../lib/api-client';

/** What a failure says: the server's message, or that something went wrong. */
export const failureText = (failure: unknown) =>
  failure instanceof ApiError
    ? (failure.serverMessage ?? failure.message)
    : 'Something went wrong. Please try again.';

/**
 * A privacy centre form's messages by field and its submit: each try clears them; a
 * failure shows the server's messages by field, or else its words under `field`.
 */
export function useFieldMessages(field: string) {
  const [messages, setMessages] = useState<Record<string, string>>({});
  const submit = (send: () => Promise<void>) => (event: SyntheticEvent) => {
    event.preventDefault();
    setMessages({});
    send().catch((failure: unknown) => {
      setMessages(
        failure instanceof ApiError && failure.fieldErrors
          ? failure.fieldErrors
          : { [field]: failureText(failure) },
      );
    });
  };
  return { messages, submit };
}
