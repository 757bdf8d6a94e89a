import { useEffect, useState } from 'react';
import { apiPlaceSource } from './place-sources';

/** Typing pauses this long before places are asked for (one call per pause, not per key). */
const TYPING_PAUSE_MS = 200;

/**
 * Places that match a free-text location as it is typed (GET /api/places, every town,
 * suburb and township, typos forgiven), written as a location is: "Sandton, Johannesburg,
 * Gauteng". For a <datalist>: the field stays free text, as the request form's is.
 */
export function usePlaceSuggestions(text: string, limit = 6): string[] {
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const query = text.trim();
  useEffect(() => {
    if (query.length < 2) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiPlaceSource(query, limit, controller.signal)
        .then((options) => {
          if (controller.signal.aborted) return;
          setSuggestions(
            options.map((option) => [option.name, option.detail].filter(Boolean).join(', ')),
          );
        })
        // No suggestions is no loss: the field takes any text.
        .catch(() => setSuggestions([]));
    }, TYPING_PAUSE_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [query, limit]);
  return suggestions;
}
