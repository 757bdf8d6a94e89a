/**
 * The form on /contact: a message to the operator (POST /api/contact). Once sent, the
 * form gives way to the reference and where its copy went.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { answer, api, ApiError } from '../../lib/api-client';
import { CONTACT_LIMITS, CONTACT_TOPICS } from '../../lib/catalog/contact-topics';
import type { ContactMessageSchema } from '../../lib/schemas/contact-message';
import { toast } from '../../lib/toast';
import { lazyResolver } from '../ui/lazy-resolver';
import { SelectField } from '../ui/SelectField';
import { TextAreaField } from '../ui/TextAreaField';
import { TextField } from '../ui/TextField';
import { useSend } from '../ui/use-send';

type Form = z.input<typeof ContactMessageSchema>;
type Fields = keyof Form;

// The API's own schema, loaded with zod at the first submit (docs/decisions/0049).
const resolver = lazyResolver<Form, z.output<typeof ContactMessageSchema>>(() =>
  import('../../lib/schemas/contact-message').then((module) => module.ContactMessageSchema),
);

/** Marks the form once React has it: what was typed before is put back (client:idle-or-tap). */
const markHydrated = (form: HTMLFormElement | null) => form?.setAttribute('data-hydrated', '');

function ContactForm() {
  const id = useId();
  const [sent, setSent] = useState<{ reference: string; message: string }>();
  const { register, handleSubmit, formState, setError, reset } = useForm<
    Form,
    unknown,
    z.output<typeof ContactMessageSchema>
  >({
    resolver,
    defaultValues: { name: '', email: '', topic: '', message: '' } as unknown as Form,
  });
  const send = useSend(
    (values: z.output<typeof ContactMessageSchema>) => answer(api.contact.$post({ json: values })),
    {
      onSuccess: (answered) => {
        setSent(answered);
        reset();
      },
      onError: (error) => {
        // The server's word on a field goes under that field, as the form's own checks do.
        for (const [field, message] of Object.entries(
          error instanceof ApiError ? (error.fieldErrors ?? {}) : {},
        )) {
          setError(field as Fields, { message });
        }
        toast({
          title: 'Message Not Sent',
          description:
            error instanceof ApiError
              ? (error.serverMessage ?? error.message)
              : 'Please check your connection and try again.',
          variant: 'destructive',
        });
      },
    },
  );

  if (sent) {
    return (
      <div className="rounded-box border border-success/40 bg-success/10 p-5" role="status">
        <p className="font-semibold">Message sent</p>
        <p className="mt-1">{sent.message}</p>
        <p className="mt-1">
          Reference: <strong data-testid="contact-reference">{sent.reference}</strong>
        </p>
        <button
          type="button"
          className="btn btn-ghost btn-sm mt-3"
          onClick={() => setSent(undefined)}
        >
          Write another message
        </button>
      </div>
    );
  }

  const { errors } = formState;
  return (
    <form
      noValidate
      ref={markHydrated}
      aria-label="Write to us"
      className="space-y-4 rounded-box border border-base-300 bg-base-100 p-5"
      onSubmit={(e) => void handleSubmit((values) => send.mutate(values))(e)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          label="Your name"
          autoComplete="name"
          maxLength={CONTACT_LIMITS.name}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id={`${id}-email`}
          label="Your e-mail address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <SelectField
        id={`${id}-topic`}
        label="What is it about?"
        error={errors.topic?.message}
        {...register('topic')}
      >
        <option value="">Choose a topic</option>
        {CONTACT_TOPICS.map((topic) => (
          <option key={topic.value} value={topic.value}>
            {topic.label}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        id={`${id}-message`}
        label="Your message"
        rows={6}
        maxLength={CONTACT_LIMITS.message}
        error={errors.message?.message}
        {...register('message')}
      />
      <p className="text-sm">
        We keep your message to answer it, and send you a copy with its reference. See our{' '}
        <a className="link" href="/privacy">
          privacy notice
        </a>
        .
      </p>
      <button type="submit" className="btn btn-primary" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send message'}
      </button>
    </form>
  );
}

export default ContactForm;
