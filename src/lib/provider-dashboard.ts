/** The provider dashboard's query keys (spec section 7, provider calls). */
export const ME_KEY = ['/api/provider/me'] as const;
export const ENQUIRIES_KEY = ['/api/provider/enquiries'] as const;
/** The "Complete your profile" list (GET /api/provider/profile/checklist). */
export const CHECKLIST_KEY = ['/api/provider/profile/checklist'] as const;
