/** A review as GET /api/providers/{id}/reviews answers it. */
export interface PublicReview {
  id: number;
  customerName: string;
  rating: number;
  comment: string;
  serviceType: string;
  createdAt: string;
  providerReply: string | null;
  repliedAt: string | null;
}

export const REVIEWS_PAGE_SIZE = 10;

export const reviewsPath = (providerId: number, page: number) =>
  `/api/providers/${providerId}/reviews?page=${page}&limit=${REVIEWS_PAGE_SIZE}`;
