import { reviews as r } from '../../../db/schema.ts';

/** What anyone may see of a review; the customer's name is shortened before it is shown. */
export const publicReviewColumns = {
  id: r.id,
  customerName: r.customerName,
  rating: r.rating,
  comment: r.comment,
  serviceType: r.serviceType,
  createdAt: r.createdAt,
  providerReply: r.providerReply,
  repliedAt: r.repliedAt,
};
