import { useState } from 'react';
import { answer, api } from '../../lib/api-client';
import { CASE_MESSAGE_MAX } from '../../lib/schemas/privacy';
import { SelectField } from '../ui/SelectField';
import { TextAreaField } from '../ui/TextAreaField';
import { useFieldMessages } from './use-field-messages';

/**
 * A correction the centre cannot make, or a complaint: it goes to the information
 * officer's desk as a case, answered by e-mail within the legal deadline.
 */
export function OfficerCaseForm({
  token,
  onDone,
}: {
  token: string;
  onDone: (message: string) => void;
}) {
  const [kind, setKind] = useState<'correction' | 'complaint'>('correction');
  const [message, setMessage] = useState('');
  const { messages: error, submit } = useFieldMessages('message');
  return (
    <form
      className="space-y-3"
      onSubmit={submit(async () => {
        const sent = await answer(
          api.privacy['my-data'].case.$post({ json: { token, kind, message } }),
        );
        setMessage('');
        onDone(sent.message);
      })}
      noValidate
    >
      <SelectField
        id="privacy-case-kind"
        label="What it is"
        value={kind}
        error={error.kind}
        onChange={(event) => setKind(event.target.value as 'correction' | 'complaint')}
      >
        <option value="correction">A correction I cannot make here</option>
        <option value="complaint">A complaint about how you use my data</option>
      </SelectField>
      <TextAreaField
        id="privacy-case-message"
        label="Your message"
        rows={5}
        maxLength={CASE_MESSAGE_MAX}
        value={message}
        error={error.message}
        onChange={(event) => setMessage(event.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        Send to our information officer
      </button>
    </form>
  );
}
