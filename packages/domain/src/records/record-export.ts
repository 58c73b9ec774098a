// Exports of the lists (issue 15 item 6): GET /api/{leads|clients|contacts}/export with the list's own
// filters and a format, the columns of each file, and its name. Refused for consultant and guest
// (DECISIONS §2: their roles have no export).
import { z } from 'zod';
import { clientListQuerySchema } from '../clients/client-record.ts';
import { contactListQuerySchema } from '../contacts/contact-record.ts';
import { leadListQuerySchema } from '../leads/lead-list.ts';
import { EXPORT_FORMATS, type ExportFormat } from '../services/service-overview.ts';

const paging = { page: true, after: true, before: true, last: true, pageSize: true } as const;
const format = { format: z.enum(EXPORT_FORMATS, { error: 'Choose csv or xlsx' }).default('csv') };

export const leadExportQuerySchema = leadListQuerySchema.omit({ ...paging, sort: true }).extend(format);
export type LeadExportQuery = z.infer<typeof leadExportQuerySchema>;
export const clientExportQuerySchema = clientListQuerySchema.omit({ ...paging, sort: true }).extend(format);
export type ClientExportQuery = z.infer<typeof clientExportQuerySchema>;
export const contactExportQuerySchema = contactListQuerySchema.omit(paging).extend(format);
export type ContactExportQuery = z.infer<typeof contactExportQuerySchema>;
export const userExportQuerySchema = z.object(format);

export const LEAD_EXPORT_COLUMNS = [
  'Lead ID',
  'First Name',
  'Middle Name',
  'Last Name',
  'Email',
  'Contact Number',
  'Date of Birth',
  'Nationality',
  'Country of Residence',
  'Applicant Location',
  'Current Visa',
  'Visa Expiry',
  'Desired Visa',
  'Lead Status',
  'Lead Source',
  'Manager',
  'Assistant Manager',
  'Migration Agent',
  'Created',
] as const;

export const CLIENT_EXPORT_COLUMNS = [
  'Client ID',
  'First Name',
  'Middle Name',
  'Last Name',
  'Email',
  'Contact Number',
  'Date of Birth',
  'Nationality',
  'Passport Number',
  'Passport Expiry',
  'Current Visa',
  'Visa Expiry',
  'Desired Visa',
  'Status',
  'Manager',
  'Assistant Manager',
  'Migration Agent',
  'Created',
] as const;

export const CONTACT_EXPORT_COLUMNS = [
  'First Name',
  'Middle Name',
  'Last Name',
  'Email',
  'Contact Number',
  'Company',
  'Country of Residence',
  'Status',
  'Moved to Contacts',
] as const;

export type ExportedList = 'leads' | 'clients' | 'contacts' | 'users';

export const exportFileName = (list: ExportedList, today: string, fileFormat: ExportFormat) =>
  `${list}-export-${today}.${fileFormat}`;
