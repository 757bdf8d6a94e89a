import { sql } from 'drizzle-orm';
import { serviceProviders as p } from '../../../db/schema.ts';
import { publicProviderColumns } from './public-columns.ts';

/** What the admin sees: the public fields plus what Add Provider records. Never the password. */
export const adminProviderColumns = {
  ...publicProviderColumns,
  contactName: p.contactName,
  businessLicense: p.businessLicense,
  insurance: p.insurance,
  teamSize: p.teamSize,
  establishedYear: p.establishedYear,
  completedJobs: p.completedJobs,
  responseTime: p.responseTime,
  emergencyService: p.emergencyService,
  legalForm: p.legalForm,
  hasPassword: sql<boolean>`${p.passwordHash} IS NOT NULL`.as('has_password'),
  updatedAt: p.updatedAt,
};
