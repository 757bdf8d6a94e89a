import { useQuery } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { answer, api } from '../../lib/api-client';
import { ACCESS_LOG_SHOWN } from '../../lib/schemas/information-officer';
import { TextField } from '../ui/TextField';
import { dateTime } from './admin-queries';
import { AdminTable } from './AdminTable';

export const ACCESS_LOG_KEY = ['/api/admin/access-log'] as const;

/**
 * The access log for the information officer (docs/decisions/0053): who in the team opened
 * whose contact details, site photos or documents, or exported them, newest first;
 * filtered to one address (a customer's or a provider's).
 */
export function AccessLogTab() {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [email, setEmail] = useState('');
  const { data, isPending, isError, isFetching } = useQuery({
    queryKey: [...ACCESS_LOG_KEY, email],
    queryFn: () => answer(api.admin['access-log'].$get({ query: email ? { email } : {} })),
  });
  function submit(event: SyntheticEvent) {
    event.preventDefault();
    setEmail(typed.trim());
  }
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">Access log</h2>
      <p className="text-sm">
        Each time a team member opened a customer’s contact details, a site photo or a provider’s
        document, or exported records to a spreadsheet. The newest {ACCESS_LOG_SHOWN} are listed.
      </p>
      <form
        role="search"
        aria-label="Filter the access log"
        className="flex flex-wrap items-end gap-2"
        onSubmit={submit}
      >
        <div className="min-w-0 flex-1">
          <TextField
            id={`${id}-email`}
            label="E-mail address"
            type="email"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            hint="A customer’s or a provider’s address; empty for everyone."
          />
        </div>
        <button type="submit" className="btn btn-primary">
          Show
        </button>
      </form>
      {isPending ? (
        <p role="status">Loading...</p>
      ) : isError ? (
        <p role="alert">The access log could not be loaded.</p>
      ) : data.length === 0 ? (
        <p>{email ? `No one has looked at records of ${email}.` : 'Nothing is recorded yet.'}</p>
      ) : (
        <AdminTable
          columns={['When', 'Who', 'What', 'About']}
          actions={false}
          busy={isFetching}
          label="Access log entries"
        >
          {data.map((entry, index) => (
            <tr key={`${entry.at}-${index}`}>
              <td className="whitespace-nowrap text-sm">{dateTime(entry.at)}</td>
              <td>{entry.who}</td>
              <td className="min-w-56">
                {entry.action}: {entry.what}
                {entry.reference && `, ${entry.reference}`}
              </td>
              <td className="min-w-48 break-all">{entry.about}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}
