/** GET /api/providers/{id}/reviews: how many reviews a page of the provider's list holds. */
export const REVIEWS_PAGE_SIZE = 10;
