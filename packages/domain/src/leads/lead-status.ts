// The nine lead statuses of spec 1 §4.1 with convertibility, tooltip description, badge style and the
// sets the dashboard and the lists count by.
import { type BadgeLook, filledBadge } from '../records/badge-look.ts';

export const LEAD_STATUSES = [
  'New Lead Received',
  'In Screening – Booking Consultation',
  'Consultation Completed',
  'Agreement Sent – Awaiting Signature',
  'Agreement Signed – Awaiting Payment',
  'Converted to Client',
  'Consultation Only – Not Proceeding Yet',
  'Ineligible',
  'Not Proceeding / Lost',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const DEFAULT_LEAD_STATUS: LeadStatus = 'New Lead Received';
export const CONVERTED_STATUS: LeadStatus = 'Converted to Client';
export const LOST_LEAD_STATUS: LeadStatus = 'Not Proceeding / Lost';
export const INELIGIBLE_LEAD_STATUS: LeadStatus = 'Ineligible';

/** The statuses 'Active Leads' counts (spec 1 §2.2): every one but the converted and the two closed ones. */
export const ACTIVE_LEAD_STATUSES: readonly LeadStatus[] = [
  'New Lead Received',
  'In Screening – Booking Consultation',
  'Consultation Completed',
  'Agreement Sent – Awaiting Signature',
  'Agreement Signed – Awaiting Payment',
  'Consultation Only – Not Proceeding Yet',
];

export type LeadStage = 'active' | 'converted' | 'closed';

/** Where a status stands in the pipeline: active (counted as Active Leads), converted, or closed. */
export function leadStage(status: string): LeadStage {
  if (status === CONVERTED_STATUS) return 'converted';
  return (ACTIVE_LEAD_STATUSES as readonly string[]).includes(status) ? 'active' : 'closed';
}

export const LEAD_STATUS_CONVERTIBILITY: Record<LeadStatus, string> = {
  'New Lead Received': 'Unknown',
  'In Screening – Booking Consultation': 'Under evaluation',
  'Consultation Completed': 'Medium to High',
  'Agreement Sent – Awaiting Signature': 'High',
  'Agreement Signed – Awaiting Payment': 'Very High',
  'Converted to Client': 'Fully Converted',
  'Consultation Only – Not Proceeding Yet': 'Low (Re-engage later)',
  Ineligible: 'None',
  'Not Proceeding / Lost': 'Closed',
};

/** Tooltip descriptions; the first four are the dashboard captions (spec 1 §2.2). */
export const LEAD_STATUS_DESCRIPTIONS: Record<LeadStatus, string> = {
  'New Lead Received': 'Ready for screening',
  'In Screening – Booking Consultation': 'Booking consultations',
  'Consultation Completed': 'Ready for agreements',
  'Agreement Sent – Awaiting Signature': 'Awaiting signatures',
  'Agreement Signed – Awaiting Payment': 'Awaiting payment',
  'Converted to Client': 'Successfully converted to a client',
  'Consultation Only – Not Proceeding Yet': 'Consulted; re-engage later',
  Ineligible: 'Not eligible for the desired visa',
  'Not Proceeding / Lost': 'The lead decided not to proceed',
};

export type BadgeStyle = 'default' | 'secondary' | 'destructive';

export function leadStatusBadge(status: string): BadgeStyle {
  if (status === INELIGIBLE_LEAD_STATUS || status === LOST_LEAD_STATUS) return 'destructive';
  if (status === 'In Screening – Booking Consultation' || status === 'Consultation Only – Not Proceeding Yet')
    return 'secondary';
  return 'default';
}

const LEAD_BADGE_LOOKS: Record<BadgeStyle, BadgeLook> = {
  default: { variant: 'filled' },
  secondary: { color: 'gray', variant: 'default' },
  // Mantine's red.9 keeps white text at 5:1; a lighter red does not.
  destructive: filledBadge('red.9'),
};

/** The lead status badge of every list, card and panel. */
export const leadStatusLook = (status: string): BadgeLook => LEAD_BADGE_LOOKS[leadStatusBadge(status)];

export function normalizeLeadStatus(status: unknown): LeadStatus {
  return (LEAD_STATUSES as readonly unknown[]).includes(status) ? (status as LeadStatus) : DEFAULT_LEAD_STATUS;
}

/** Statuses the leads tab leaves out (spec 1 §2.3). */
export const LEAD_STATUSES_HIDDEN_FROM_LIST: readonly LeadStatus[] = [
  'Converted to Client',
  'Consultation Only – Not Proceeding Yet',
];

/** The combined list shows Converted to Client as 'Client' (spec 1 §4.1). */
export const leadStatusLabel = (status: string) => (status === CONVERTED_STATUS ? 'Client' : status);
