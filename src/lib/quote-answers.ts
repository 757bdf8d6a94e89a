/**
 * What the quote screens read from the API, taken from the routes that answer them
 * (decision 0012), as api-answers.ts does for the rest.
 */
import type { api, ApiAnswer } from './api-client';

type ProviderEnquiryRoutes = (typeof api.provider.enquiries)[':id{[0-9]+}'];

/** A provider's quotes, preparation fee and agreed job on its copy of a request. */
export type ProviderQuotes = ApiAnswer<ProviderEnquiryRoutes['quotes']['$get']>;
export type QuoteView = ProviderQuotes['quotes'][number];
export type QuoteLineView = QuoteView['lines'][number];
export type JobView = NonNullable<ProviderQuotes['job']>;
export type VariationView = JobView['variations'][number];
export type PreparationFeeView = NonNullable<ProviderQuotes['preparationFee']>;

/** The customer's comparison of its request group. */
export type CustomerQuotes = ApiAnswer<typeof api.requests.quotes.$get>;
export type QuoteOffer = CustomerQuotes['offers'][number];
