import { z } from 'zod';
import { APPLICANT_LOCATIONS, VISAS } from '../reference/visas.ts';
import { booleanParam, listQueryBase, multiValue } from '../records/list-query.ts';
import { LEAD_STATUSES } from './lead-status.ts';

export const LEAD_SORT_FIELDS = [
  'createdAt',
  'updatedAt',
  'firstName',
  'lastName',
  'leadStatus',
  'applicantLocation',
  'desiredVisa',
  'nationality',
] as const;

export const leadListQuerySchema = listQueryBase.extend({
  status: multiValue(z.enum(LEAD_STATUSES)),
  location: multiValue(z.enum(APPLICANT_LOCATIONS)),
  desiredVisa: multiValue(z.enum(VISAS)),
  showHidden: booleanParam(),
  /** Only leads missing a manager or an assistant manager (import, public form: 'Unassigned'). */
  unassigned: booleanParam(),
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;
