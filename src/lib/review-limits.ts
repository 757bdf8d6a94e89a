/** The limits of a review, apart from its schema so that a form can show them without zod. */
export const REVIEW_COMMENT_MAX = 2000;
