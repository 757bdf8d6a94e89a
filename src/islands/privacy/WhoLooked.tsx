import { formatDateTime } from '../../lib/format';

export interface LookShown {
  who: string;
  action: string;
  what: string;
  at: string;
}

/** "Who looked": each time a team member opened or exported the person's records. */
export function WhoLooked({ looks }: { looks: LookShown[] }) {
  if (looks.length === 0) {
    return <p>No one in our team has opened or exported your records.</p>;
  }
  return (
    <ul className="space-y-2 text-sm">
      {looks.map((look, index) => (
        <li key={`${look.at}-${index}`} className="rounded-box border border-base-300 p-3">
          <p className="font-medium">
            {look.who}: {look.action}
          </p>
          <p className="break-words">{look.what}</p>
          <p>
            <time dateTime={look.at}>{formatDateTime(look.at)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
