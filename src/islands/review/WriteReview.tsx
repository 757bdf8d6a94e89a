/**
 * The review form of /review (loaded by ReviewForm.tsx while it fetches the invitation,
 * so that a link that cannot be used loads none of it), and what it says once sent.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import type { ReviewInvitation, WrittenReview } from '../../lib/api-answers';
import { answer, api, ApiError } from '../../lib/api-client';
import { serviceName } from '../../lib/catalog/categories';
import { REVIEW_COMMENT_MAX } from '../../lib/review-limits';
import { HELD_REVIEW_DECISION } from '../../lib/reviews';
import { toast } from '../../lib/toast';
import { formFieldProps } from '../ui/form-field-props';
import { lazyResolver } from '../ui/lazy-resolver';
import { MessageCard } from '../ui/MessageCard';
import { TextAreaField } from '../ui/TextAreaField';
import { useSend } from '../ui/use-send';
import type { ReviewFormSchema } from './review-form-schema';

type Form = z.input<typeof ReviewFormSchema>;
type Checked = z.output<typeof ReviewFormSchema>;

// The API's schema, loaded with zod at the first submit (docs/decisions/0049).
const reviewResolver = lazyResolver<Form, Checked>(() =>
  import('./review-form-schema').then((module) => module.ReviewFormSchema),
);

const STAR_LABELS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/**
 * What happens to the review just written, told as it is: shown at once, or held for a
 * check (not shown, not counted) with the reasons and when the customer hears back.
 */
function ReviewSent({
  invitation,
  review,
}: {
  invitation: ReviewInvitation;
  review: WrittenReview;
}) {
  const providerLink = (
    <a className="btn btn-primary" href={`/provider/${invitation.providerId}`}>
      See {invitation.providerName}
    </a>
  );
  const whyId = useId();
  if (!review.held) {
    return (
      <MessageCard title="Thank you!">
        <p role="status">
          Your review of {invitation.providerName} is published. It helps others choose a provider
          they can trust.
        </p>
        {providerLink}
      </MessageCard>
    );
  }
  return (
    <MessageCard title="Thank you! Your review waits for a check">
      <p role="status">
        Your review of {invitation.providerName} is saved, but it is not shown yet and does not
        count in the rating: our team checks it first, because something ties it to a provider.
      </p>
      <div>
        <h2 id={whyId} className="font-semibold">
          Why it is checked
        </h2>
        <ul className="mt-1 list-disc space-y-1 pl-5" aria-labelledby={whyId}>
          {review.heldBecause.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </div>
      <p>
        Reviews must come from customers, not from a provider. This is no judgement on what you
        wrote: it happens, for example, when the provider used your Wi-Fi on site or helped you send
        the request.
      </p>
      <div>
        <h2 className="font-semibold">When you will hear from us</h2>
        <p className="mt-1">
          We decide {HELD_REVIEW_DECISION} and e-mail you either way: when your review is shown, or
          why it is not.
        </p>
      </div>
      {providerLink}
    </MessageCard>
  );
}

export default function WriteReview({
  token,
  invitation,
}: {
  token: string;
  invitation: ReviewInvitation;
}) {
  const id = useId();
  const [sent, setSent] = useState<WrittenReview | null>(null);
  const { register, handleSubmit, formState, watch } = useForm<Form, unknown, Checked>({
    resolver: reviewResolver,
    defaultValues: { comment: '' },
  });
  const send = useSend(
    (values: Checked) =>
      answer(api.reviews.$post({ json: { ...values, token, providerId: invitation.providerId } })),
    {
      onSuccess: (review) => setSent(review),
      onError: (error) =>
        toast({
          title: 'Review Not Sent',
          description:
            error instanceof ApiError
              ? (error.serverMessage ?? 'Please try again.')
              : 'Please try again.',
          variant: 'destructive',
        }),
    },
  );
  if (sent) return <ReviewSent invitation={invitation} review={sent} />;
  const rating = Number(watch('rating') ?? 0);
  const { errors } = formState;
  const fieldProps = formFieldProps({ register, formState }, id);
  return (
    <MessageCard title={`Review ${invitation.providerName}`}>
      <p>
        Hi {invitation.customerName}, how was the {serviceName(invitation.serviceType)} work? Only
        customers with a completed request can review, once.
      </p>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => void handleSubmit((values) => send.mutate(values))(e)}
      >
        <fieldset aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
          <legend className="text-sm font-medium">Your rating *</legend>
          <div className="rating rating-lg mt-2">
            {STAR_LABELS.map((label, index) => (
              <input
                key={label}
                type="radio"
                value={index + 1}
                className="mask mask-star-2 bg-amber-500"
                aria-label={`${index + 1} ${index === 0 ? 'star' : 'stars'}: ${label}`}
                {...register('rating')}
              />
            ))}
          </div>
          {rating > 0 && <p className="text-sm">{STAR_LABELS[rating - 1]}</p>}
          {errors.rating && (
            <p id={`${id}-rating-error`} className="mt-1 text-sm text-error" role="alert">
              {errors.rating.message}
            </p>
          )}
        </fieldset>
        <TextAreaField
          label="Your review *"
          rows={5}
          maxLength={REVIEW_COMMENT_MAX}
          {...fieldProps('comment')}
        />
        <button type="submit" className="btn btn-primary" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Publish Review'}
        </button>
      </form>
    </MessageCard>
  );
}
