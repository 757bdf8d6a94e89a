import { useEffect, useState } from 'react';
import { answer, api, type ApiAnswer } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format';
import { Section } from '../request/Section';
import { useConfirm } from '../ui/ConfirmDialog';
import { TextField } from '../ui/TextField';
import { OfficerCaseForm } from './OfficerCaseForm';
import { failureText, useFieldMessages } from './use-field-messages';
import { WhoLooked } from './WhoLooked';

type View = ApiAnswer<(typeof api.privacy)['my-data']['$get']>;
type Deleted = ApiAnswer<(typeof api.privacy)['my-data']['delete']['$post']>;

const STATUS_WORDS: Record<string, string> = {
  new: 'Sent',
  assigned: 'With the provider',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

function Requests({ requests }: { requests: View['requests'] }) {
  if (requests.length === 0) return <p>We hold no service requests from this address.</p>;
  return (
    <ul className="space-y-4">
      {requests.map((r) => (
        <li key={r.reference} className="rounded-box border border-base-300 p-4">
          <h3 className="font-semibold">
            {r.reference}: {r.service}
          </h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">Status</dt>
            <dd>
              {STATUS_WORDS[r.status] ?? r.status}, sent {formatDate(r.sentAt)}
              {r.closedAt && `, closed ${formatDate(r.closedAt)}`}
            </dd>
            <dt className="font-medium">Name</dt>
            <dd className="break-words">{r.name}</dd>
            <dt className="font-medium">Phone</dt>
            <dd>{r.phone ?? 'Not given'}</dd>
            <dt className="font-medium">Place</dt>
            <dd className="break-words">{r.location}</dd>
            <dt className="font-medium">Photos</dt>
            <dd>{r.photos === 0 ? 'None' : r.photos}</dd>
          </dl>
          <p className="mt-2 text-sm break-words whitespace-pre-line">{r.description}</p>
          <p className="mt-2 text-sm">
            <span className="font-medium">Received by: </span>
            {r.receivedBy.length === 0
              ? 'no provider yet (our enquiry desk)'
              : r.receivedBy
                  .map(
                    (p) =>
                      `${p.provider} (from ${formatDate(p.from)}${p.respondedAt ? `, answered ${formatDate(p.respondedAt)}` : ''})`,
                  )
                  .join('; ')}
            {r.openedByProviderAt &&
              `. First opened by the provider ${formatDateTime(r.openedByProviderAt)}.`}
          </p>
          {r.review && (
            <p className="mt-2 text-sm break-words">
              <span className="font-medium">Your review: </span>
              {r.review.rating} of 5, “{r.review.comment}”
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function Mails({ mails }: { mails: View['mails'] }) {
  if (mails.length === 0) return <p>None.</p>;
  return (
    <ul className="space-y-2 text-sm">
      {mails.map((m, index) => (
        <li key={index} className="break-words">
          <span className="font-medium">{formatDateTime(m.createdAt)}</span>: “{m.subject}”{' '}
          {m.toYou ? 'to you' : `to ${m.to}, about your request`}
        </li>
      ))}
    </ul>
  );
}

function CorrectionForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const { messages: error, submit } = useFieldMessages('name');
  return (
    <form
      className="space-y-3"
      onSubmit={submit(async () => {
        const { message } = await answer(
          api.privacy['my-data'].correct.$post({
            json: { token, ...(name.trim() && { name }), ...(phone.trim() && { phone }) },
          }),
        );
        onDone(message);
      })}
      noValidate
    >
      <TextField
        id="privacy-name"
        label="Your name"
        autoComplete="name"
        value={name}
        error={error.name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        id="privacy-phone"
        label="Your phone number"
        type="tel"
        autoComplete="tel"
        hint="Leave a field empty to keep it as it is."
        value={phone}
        error={error.phone}
        onChange={(event) => setPhone(event.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        Correct my details
      </button>
    </form>
  );
}

function Kept({ deleted }: { deleted: Deleted }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Your data is deleted</h1>
      <p role="status" className="mt-3">
        {deleted.message}
      </p>
      <h2 className="mt-6 text-xl font-semibold">What we keep</h2>
      <ul className="mt-3 space-y-3">
        {deleted.kept.map((k) => (
          <li key={`${k.table}-${k.what}`} className="rounded-box border border-base-300 p-4">
            <p className="font-medium">{k.what}</p>
            <p className="text-sm">{k.why}</p>
            <p className="text-sm">
              {k.until
                ? `Goes by ${formatDate(k.until)}.`
                : 'Kept while it is needed, as said above.'}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What is held about the link's address, with download, correction, objection and deletion. */
export default function MyData({ token }: { token: string }) {
  const [view, setView] = useState<View>();
  const [failure, setFailure] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [deleted, setDeleted] = useState<Deleted>();
  const { confirm, dialog } = useConfirm();

  const load = async () => {
    try {
      setView(await answer(api.privacy['my-data'].$get({ query: { token } })));
    } catch (error) {
      setFailure(failureText(error));
    }
  };
  useEffect(() => {
    void load();
    // Loaded once per link; `load` reads the token it was made with.
  }, [token]);

  const act = async (run: () => Promise<{ message: string }>) => {
    try {
      setNotice((await run()).message);
      await load();
    } catch (error) {
      setNotice(failureText(error));
    }
  };

  async function deleteAll() {
    const yes = await confirm({
      title: 'Delete your data?',
      body: (
        <p>
          Your name, phone number and the words and photos of your requests are erased, open
          requests are cancelled and your messages to us deleted. This cannot be undone.
        </p>
      ),
      confirmLabel: 'Delete my data',
      tone: 'danger',
    });
    if (!yes) return;
    try {
      setDeleted(await answer(api.privacy['my-data'].delete.$post({ json: { token } })));
    } catch (error) {
      setNotice(failureText(error));
    }
  }

  if (deleted) return <Kept deleted={deleted} />;
  if (failure) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <h1 className="text-3xl font-bold">Your data</h1>
        <p role="alert" className="alert alert-error mt-4">
          {failure}
        </p>
        <a className="btn btn-primary mt-6" href="/privacy/my-data">
          Ask for a new link
        </a>
      </div>
    );
  }
  if (!view) {
    return (
      <div className="p-16 text-center">
        <h1 className="sr-only">Your data</h1>
        <p role="status">Loading...</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold">Your data</h1>
        <p className="mt-2 break-words">
          Everything we hold about <strong>{view.email}</strong>. This link works until{' '}
          {formatDateTime(view.linkExpiresAt)}.
        </p>
        <a
          className="btn btn-primary mt-4"
          href={`/api/privacy/my-data/download?token=${encodeURIComponent(token)}`}
          download
        >
          Download everything (ZIP)
        </a>
      </div>
      <p role="status" className={notice ? 'alert alert-info' : 'sr-only'}>
        {notice}
      </p>
      <Section title="Your requests">
        <Requests requests={view.requests} />
      </Section>
      <Section title="Your messages to us">
        {view.contactMessages.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {view.contactMessages.map((m) => (
              <li key={m.reference} className="break-words">
                <span className="font-medium">
                  {m.reference}, {formatDate(m.sentAt)}:
                </span>{' '}
                {m.message}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="E-mails we sent">
        <Mails mails={view.mails} />
      </Section>
      <Section title="Who could see it">
        <p>
          Each request went only to the providers named under it. {view.teamAccess} Our hosting and
          e-mail services process it on our behalf.
        </p>
      </Section>
      <Section title="Who looked">
        <WhoLooked looks={view.whoLooked} />
      </Section>
      {view.otherRecords.length > 0 && (
        <Section title="Other records">
          <ul className="list-disc pl-5">
            {view.otherRecords.map((o) => (
              <li key={o.what}>
                {o.what}: see {o.where}.
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section title="Your consents">
        {view.consents.length === 0 ? (
          <p>You have given us no consent that we record.</p>
        ) : (
          <ul className="space-y-3 text-sm">
            {view.consents.map((consent) => (
              <li key={`${consent.version}-${consent.givenAt}`} className="break-words">
                <p>“{consent.what}”</p>
                <p>
                  Given {formatDateTime(consent.givenAt)} (wording of {consent.version})
                  {consent.withdrawnAt ? `, withdrawn ${formatDateTime(consent.withdrawnAt)}` : ''}.
                </p>
                {consent.withdraw && <p>{consent.withdraw}</p>}
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm">“{view.newsConsent.wording}”</p>
        <button
          type="button"
          className="btn btn-outline sm:self-start"
          onClick={() =>
            void act(() =>
              answer(
                api.privacy['my-data'].consent.$post({
                  json: { token, given: !view.newsConsent.standing },
                }),
              ),
            )
          }
        >
          {view.newsConsent.standing ? 'Stop news and offers' : 'Send me news and offers'}
        </button>
      </Section>
      <Section title="Correct your details">
        <p>The name and phone number you give replace those on all your requests.</p>
        <CorrectionForm
          token={token}
          onDone={(message) => void act(() => Promise.resolve({ message }))}
        />
      </Section>
      <Section title="Write to our information officer">
        <p>
          For a correction this page cannot make, or a complaint. We answer by e-mail within 30
          days.
        </p>
        {view.cases.length > 0 && (
          <ul className="space-y-2 text-sm">
            {view.cases.map((c) => (
              <li key={c.receivedAt} className="rounded-box border border-base-300 p-3">
                <p className="font-medium">
                  {c.kind}, sent {formatDate(c.receivedAt)}:{' '}
                  {c.answeredAt
                    ? `answered ${formatDate(c.answeredAt)}`
                    : `to be answered by ${formatDate(c.dueAt)}`}
                </p>
                <p className="break-words whitespace-pre-line">{c.message}</p>
                {c.reply && <p className="break-words whitespace-pre-line">Answer: {c.reply}</p>}
              </li>
            ))}
          </ul>
        )}
        <OfficerCaseForm
          token={token}
          onDone={(message) => void act(() => Promise.resolve({ message }))}
        />
      </Section>
      <Section title="Object to further use">
        {view.objectedAt ? (
          <p>You objected on {formatDate(view.objectedAt)}. We keep honouring it.</p>
        ) : (
          <>
            <p>
              We then use your details only for the requests you send, and send you no news or
              offers, whatever you agreed to before.
            </p>
            <button
              type="button"
              className="btn btn-outline sm:self-start"
              onClick={() =>
                void act(() => answer(api.privacy['my-data'].object.$post({ json: { token } })))
              }
            >
              Object to further use
            </button>
          </>
        )}
      </Section>
      <Section title="Delete your data">
        <p>
          We erase your name, phone number and the words and photos of your requests, cancel open
          ones and delete your messages to us. What we must keep is listed afterwards with the day
          it goes.
        </p>
        <button
          type="button"
          className="btn btn-error sm:self-start"
          onClick={() => void deleteAll()}
        >
          Delete my data
        </button>
      </Section>
      {dialog}
    </div>
  );
}
