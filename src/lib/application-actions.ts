/**
 * What an admin may do to an application in each status (spec section 4). The API
 * enforces it; the detail modal shows only these buttons.
 */
import type { ApplicationStatus } from './catalog/enquiry-options';

export type ApplicationAction = 'approve' | 'reject' | 'reset';

export const APPLICATION_ACTIONS: Readonly<
  Record<ApplicationStatus, readonly ApplicationAction[]>
> = {
  pending: ['approve', 'reject'],
  approved: ['reset'],
  rejected: ['approve', 'reset'],
};

export function canApply(status: ApplicationStatus, action: ApplicationAction): boolean {
  return APPLICATION_ACTIONS[status].includes(action);
}
