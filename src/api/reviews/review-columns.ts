import { reviews as r } from '../../../db/schema.ts';

/**
 * What anyone may see of a review's own words (the home page's recent reviews show no
 * more); the customer's name is shortened before it is shown.
 */
export const publicReviewTextColumns = {
  id: r.id,
  customerName: r.customerName,
  rating: r.rating,
  comment: r.comment,
  serviceType: r.serviceType,
  createdAt: r.createdAt,
};

/** What anyone may see of a review, with the provider's reply. */
export const publicReviewColumns = {
  ...publicReviewTextColumns,
  providerReply: r.providerReply,
  repliedAt: r.repliedAt,
};
