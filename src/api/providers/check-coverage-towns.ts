import type { Database } from '../../../db/client.ts';
import { PROFILE_MESSAGES } from '../../lib/schemas/provider-dashboard.ts';
import { AppError } from '../errors.ts';
import { placesNamed } from '../places/places-named.ts';

/**
 * The coverage areas a provider chose, each a place of the `places` table (decision
 * 0027), written as placeLabel() writes it ('sandton' -> 'Sandton'; an other name is its
 * place: 'Gqeberha' -> 'Port Elizabeth'). A town it does not know is refused with a 400
 * naming it, before anything is written: a typo would otherwise list the provider in a
 * town nobody can choose.
 */
export async function checkCoverageTowns(
  db: Database,
  towns: readonly string[],
): Promise<string[]> {
  const named = await placesNamed(db, towns);
  const chosen: string[] = [];
  for (const town of towns) {
    const place = named.get(town);
    if (!place) {
      const message = PROFILE_MESSAGES.unknownTown(town);
      throw new AppError('bad_request', message, { coverageAreas: message });
    }
    // Two spellings of one place are one coverage area.
    if (!chosen.includes(place.label)) chosen.push(place.label);
  }
  return chosen;
}
