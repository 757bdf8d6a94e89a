import { briefLines } from '../../lib/request-brief-questions';
import { DetailList } from '../ui/DetailList';

/**
 * A request's brief as people read it: the answers to its service's
 * questions, with their units, and its site photos (private addresses: each opens the
 * photo itself in a new tab). Shown to the customer, the provider and the enquiry desk.
 */
export function BriefDetails({ brief, photos }: { brief: unknown; photos: readonly string[] }) {
  const lines = briefLines(brief);
  if (lines.length === 0 && photos.length === 0) return null;
  return (
    <div className="grid gap-2" data-testid="request-brief">
      {lines.length > 0 && (
        <DetailList compact rows={lines.map(({ label, value }) => [label, value] as const)} />
      )}
      {photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Photos of the site">
          {photos.map((url, index) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer" className="block">
                <img
                  src={url}
                  alt={`Photo ${index + 1} of the site`}
                  className="h-20 w-20 rounded-box object-cover"
                  width={80}
                  height={80}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
