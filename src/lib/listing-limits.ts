/** Paging and search bounds of the provider list, shared by the API and the list (no zod here: it is imported by the page's first JavaScript). */
export const PROVIDER_PAGE_SIZE = 24;
export const MAX_PROVIDER_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 100;
