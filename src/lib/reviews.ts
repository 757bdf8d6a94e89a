/** GET /api/providers/{id}/reviews: how many reviews a page of the provider's list holds. */
export const REVIEWS_PAGE_SIZE = 10;

/**
 * How soon the admins decide on a review held for a check: what its customer is told
 * when the review is written, and after which the admins' list marks it overdue.
 */
export const HELD_REVIEW_DECISION_BUSINESS_DAYS = 2;
export const HELD_REVIEW_DECISION = `within ${HELD_REVIEW_DECISION_BUSINESS_DAYS} business days`;
