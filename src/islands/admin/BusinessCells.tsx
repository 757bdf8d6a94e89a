import { provinceName } from '../../lib/catalog/provinces';

export const MAX_TABLE_BADGES = 2;

export function ServiceBadges({ services }: { services: string[] }) {
  const extra = services.length - MAX_TABLE_BADGES;
  return (
    <div className="flex flex-wrap gap-1">
      {services.slice(0, MAX_TABLE_BADGES).map((s) => (
        <span key={s} className="badge badge-outline badge-sm uppercase">
          {s}
        </span>
      ))}
      {extra > 0 && <span className="badge badge-ghost badge-sm">+{extra}</span>}
    </div>
  );
}

/**
 * The first four cells of a row in the lists of businesses (applications, providers): the
 * business, who to contact, where, and its services.
 */
export function BusinessCells({
  name,
  contact,
  business,
}: {
  name: string;
  /** The contact person, or what the row says without one. */
  contact: string;
  business: { email: string; location: string; province: string; services: string[] };
}) {
  return (
    <>
      <td className="font-semibold">{name}</td>
      <td>
        <div>{contact}</div>
        <div className="text-sm">{business.email}</div>
      </td>
      <td>
        <div>{business.location}</div>
        <div className="text-sm">{provinceName(business.province)}</div>
      </td>
      <td>
        <ServiceBadges services={business.services} />
      </td>
    </>
  );
}
