/** Budget and urgency choices of a service request (spec section 9). */
export const BUDGETS = [
  { value: 'under-1000', label: 'Under R1,000' },
  { value: '1000-5000', label: 'R1,000 - R5,000' },
  { value: '5000-10000', label: 'R5,000 - R10,000' },
  { value: '10000-25000', label: 'R10,000 - R25,000' },
  { value: '25000-plus', label: 'R25,000+' },
  { value: 'flexible', label: 'Flexible' },
] as const;

export type Budget = (typeof BUDGETS)[number]['value'];
export const BUDGET_VALUES = BUDGETS.map((b) => b.value) as [Budget, ...Budget[]];

/** A request's budget as the form offered it ('R10,000 - R25,000'). */
export const budgetLabel = (value: string | null) =>
  BUDGETS.find((b) => b.value === value)?.label ?? 'Not specified';

export const URGENCIES = [
  { value: 'low', label: 'Low (within 2 weeks)' },
  { value: 'medium', label: 'Medium (within 1 week)' },
  { value: 'high', label: 'High (within 3 days)' },
  { value: 'urgent', label: 'Urgent (ASAP)' },
] as const;

export type Urgency = (typeof URGENCIES)[number]['value'];
export const URGENCY_VALUES = URGENCIES.map((u) => u.value) as [Urgency, ...Urgency[]];

export const ENQUIRY_STATUSES = [
  'new',
  'assigned',
  'in_progress',
  'completed',
  'cancelled',
] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Spec section 9: the business hours a provider gets unless it says otherwise. */
export const DEFAULT_BUSINESS_HOURS: Readonly<Record<Weekday, string>> = {
  monday: '8:00 AM - 5:00 PM',
  tuesday: '8:00 AM - 5:00 PM',
  wednesday: '8:00 AM - 5:00 PM',
  thursday: '8:00 AM - 5:00 PM',
  friday: '8:00 AM - 5:00 PM',
  saturday: '9:00 AM - 1:00 PM',
  sunday: 'Closed',
};

export const DEFAULT_STARTING_PRICE = 1500;
