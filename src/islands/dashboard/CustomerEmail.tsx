import type { ProviderEnquiry } from '../../lib/api-answers';
import { CONTACT_WITHHELD } from '../../lib/listing-paused.ts';

/** The customer's address of an enquiry as a mail link, or why the provider cannot see it. */
export function CustomerEmail({
  enquiry,
}: {
  enquiry: Pick<ProviderEnquiry, 'contactWithheld' | 'customerEmail'>;
}) {
  return enquiry.contactWithheld ? (
    CONTACT_WITHHELD
  ) : (
    <a className="link" href={`mailto:${enquiry.customerEmail}`}>
      {enquiry.customerEmail}
    </a>
  );
}
