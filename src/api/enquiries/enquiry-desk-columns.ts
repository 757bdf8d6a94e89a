/**
 * The enquiry desk (beyond the spec: its enquiries "go to an admin team, which
 * coordinates with the provider"): every enquiry, filtered and searched; assign one to
 * an approved provider who offers the service, change its status, keep notes.
 */
import { customerEnquiries as e, serviceProviders } from '../../../db/schema.ts';
import { followUpFlags } from './request-follow-up.ts';

/**
 * What the desk shows of an enquiry, with the name of the provider it is assigned to and
 * whether it has waited too long on that provider (request-follow-up.ts).
 */
export const deskColumns = {
  id: e.id,
  /** The first copy of a request sent to several providers (its reference), or null. */
  groupId: e.groupId,
  customerName: e.customerName,
  customerEmail: e.customerEmail,
  customerPhone: e.customerPhone,
  serviceType: e.serviceType,
  location: e.location,
  description: e.description,
  brief: e.brief,
  budget: e.budget,
  urgency: e.urgency,
  status: e.status,
  assignedProviderId: e.assignedProviderId,
  assignedProviderName: serviceProviders.name,
  adminNotes: e.adminNotes,
  providerResponse: e.providerResponse,
  providerNotes: e.providerNotes,
  respondedAt: e.respondedAt,
  seenAt: e.seenAt,
  closedAt: e.closedAt,
  cancelReason: e.cancelReason,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
  ...followUpFlags(),
};
