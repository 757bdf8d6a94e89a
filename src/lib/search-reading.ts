/**
 * How the search read a query (GET /api/search/reading, src/api/search/search-reading.ts),
 * and how the listing says it: one chip a term, each removable.
 */
export interface SearchReading {
  terms: {
    /** The word or phrase as typed (lower case, sentence punctuation trimmed). */
    typed: string;
    /** What it was matched as: a service, a place, or the providers' own words. */
    reads: 'service' | 'place' | 'words';
    /** The service's or place's name, or the word ('Access Control', 'Johannesburg'). */
    as: string;
    /** A small typo was forgiven ('johannesbrug' read as Johannesburg). */
    corrected: boolean;
  }[];
}

const KIND: Record<SearchReading['terms'][number]['reads'], string> = {
  service: 'Service',
  place: 'Place',
  words: 'Words',
};

/** What a term's chip says: 'Service: Access Control (gate motor)'. */
export function readingLabel(term: SearchReading['terms'][number]): string {
  const same = term.as.toLowerCase() === term.typed.toLowerCase();
  const typed = term.corrected ? `you typed “${term.typed}”` : `“${term.typed}”`;
  return same ? `${KIND[term.reads]}: “${term.as}”` : `${KIND[term.reads]}: ${term.as} (${typed})`;
}

/** The query without one of its terms, as the search box would hold it. */
export function searchWithout(reading: SearchReading, index: number): string {
  return reading.terms
    .filter((_, i) => i !== index)
    .map((term) => term.typed)
    .join(' ');
}
