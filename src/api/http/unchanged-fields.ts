/**
 * A PUT that takes what its GET answered (docs/decisions/0034): the fields of the body
 * that hold exactly the value the GET gives for them are set aside before the body is
 * checked, so they keep their stored values. A client may then send back what it read
 * with one field changed, even where a value was stored under a rule other than this
 * write's (an application's http:// website, a coverage town typed before the places
 * table, a seed's photo file name, the rating its reviews give), and such a value is
 * neither refused nor written again.
 */

/** Only the listed fields: the body's others are checked (or dropped) by its schema. */
export interface SentFields {
  /** The body without the unchanged fields, for the write's schema. */
  body: unknown;
  /** The listed fields the body holds with a value of its own. */
  changed: string[];
  /** The listed fields the body holds with exactly the answered value. */
  unchanged: string[];
}

/**
 * Splits `body` by whether each of `fields` is the value `answered` (the GET's answer,
 * compared as the client received it: JSON, so a date is its ISO text). Anything but an
 * object is returned as it is, for the schema to refuse.
 */
export function withoutUnchanged(
  body: unknown,
  answered: object,
  fields: readonly string[],
): SentFields {
  if (!isObject(body)) return { body, changed: [], unchanged: [] };
  const received = JSON.parse(JSON.stringify(answered)) as Record<string, unknown>;
  const kept: [string, unknown][] = [];
  const changed: string[] = [];
  const unchanged: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (!fields.includes(key)) {
      kept.push([key, value]);
    } else if (Object.hasOwn(received, key) && sameJson(value, received[key])) {
      unchanged.push(key);
    } else {
      kept.push([key, value]);
      changed.push(key);
    }
  }
  // fromEntries defines each key, so a "__proto__" key of the body stays a key.
  return { body: Object.fromEntries(kept), changed, unchanged };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Equal as JSON values: lists item by item in order, objects key by key in any order
 * (a jsonb map comes back with its keys sorted by PostgreSQL, not as written). The body
 * is at most MAX_JSON_DEPTH deep (readJson), so the recursion is bounded.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => sameJson(item, b[i]))
    );
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]))
  );
}
