/** Whether a check is required for the verified badge or optional, on the admin's check lists. */
export function CheckNeedBadge({ required }: { required: boolean }) {
  return (
    <span className={`badge badge-sm ${required ? 'badge-neutral' : 'badge-ghost'}`}>
      {required ? 'Required' : 'Optional'}
    </span>
  );
}
