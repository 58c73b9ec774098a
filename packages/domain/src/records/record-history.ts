// A lead's or a client's History tab (issue 14 item 5, beyond the spec): who changed what and when, from
// the audit log, newest first — each entry's title in the firm's words and each changed field with its
// label and its value before and after.
import { z } from 'zod';
import { MAIL_OUTCOMES, MAIL_STATUSES } from '../mail/mail-log.ts';
import { displayId } from './display.ts';

export const historyChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  /** The value as text (a person's name for a user field; a date as YYYY-MM-DD, formatted by the screen). */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type HistoryChange = z.infer<typeof historyChangeSchema>;

export const recordHistoryEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  title: z.string(),
  actorName: z.string().nullable(),
  changes: z.array(historyChangeSchema),
  /**
   * A mail about the record (issue 27: an invoice of its sent to its client), listed among the changes by
   * when it was queued, with where it stands now. Absent on a change.
   */
  mail: z
    .object({
      id: z.string(),
      to: z.string(),
      status: z.enum(MAIL_STATUSES),
      outcome: z.enum(MAIL_OUTCOMES).nullable(),
    })
    .optional(),
});
export type RecordHistoryEntry = z.infer<typeof recordHistoryEntrySchema>;

/** The newest entries a History tab shows. */
export const HISTORY_LIMIT = 200;

const TITLES: Record<string, string> = {
  CREATE_LEAD: 'Lead created',
  UPDATE_LEAD: 'Lead updated',
  CONVERT_LEAD: 'Converted to client',
  ARCHIVE_LEAD: 'Archived to Contacts',
  HIDE_LEAD: 'Hidden from the list',
  UNHIDE_LEAD: 'Shown in the list again',
  DELETE_LEAD: 'Deleted',
  RESTORE_LEAD: 'Restored',
  CREATE_CLIENT: 'Client created',
  UPDATE_CLIENT: 'Client updated',
  REVERT_CONVERSION: 'Reverted to lead',
  // The lead's side of deleting its client forever (decision 0033): no client left, so no conversion either.
  REVERT_CONVERSION_ON_CLIENT_PURGE: 'Back to its earlier status: its client was deleted forever',
  HIDE_CLIENT: 'Hidden from the list',
  UNHIDE_CLIENT: 'Shown in the list again',
  DELETE_CLIENT: 'Deleted',
  RESTORE_CLIENT: 'Restored',
  // The start-up back-fill of decision 0005, for each stored number whose text it rewrote.
  NORMALISE_CONTACT_NUMBER: 'Contact number put in international form',
};

/** 'PAY_SERVICE_BY_INVOICE' → 'Pay service by invoice' for an action without a title of its own. */
export function historyTitle(action: string): string {
  const title = TITLES[action];
  if (title) return title;
  const words = action.toLowerCase().split('_').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const LABELS: Record<string, string> = {
  leadStatus: 'Status',
  status: 'Status',
  contactNumber: 'Contact Number',
  dateOfBirth: 'Date of Birth',
  countryOfResidence: 'Country of Residence',
  applicantLocation: 'Applicant Location',
  currentVisaSubclass: 'Current Visa',
  desiredVisa: 'Desired Visa',
  visaExpiryDate: 'Visa Expiry',
  passportNumber: 'Passport Number',
  passportExpiryDate: 'Passport Expiry',
  managerUserId: 'Manager',
  assistantManagerUserId: 'Assistant Manager',
  migrationAgentUserId: 'Migration Agent',
  userId: 'Owner',
  leadSource: 'Lead Source',
  numberOfDependents: 'Number of Dependents',
  archivedAt: 'Archived',
  convertedAt: 'Converted',
  conversionNotes: 'Conversion Notes',
  deleteReason: 'Reason',
  hiddenReason: 'Reason',
};

/** Bookkeeping a reader does not need: never listed as a change. */
export const HISTORY_HIDDEN_FIELDS = new Set([
  'id',
  'version',
  'createdAt',
  'createdBy',
  'updatedAt',
  'updatedBy',
  'contactNumberE164',
  'contactNumberDigits',
  'searchText',
]);

/** The field's label: the form's own words where they differ from the name, else the name in words. */
export function historyFieldLabel(field: string): string {
  const label = LABELS[field];
  if (label) return label;
  // A field holding a record's id is labelled by the record it names: invoiceId → 'Invoice'.
  const words = field.replace(/(.)Id$/, '$1').replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The user fields whose values are ids, shown as the person's name. */
export const isUserField = (field: string) => /UserId$|^userId$|By$/.test(field);

const wordsOf = (parts: unknown[]) =>
  parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' ');

/** A dependent as the History tab names it: 'Leo Santos (child, born 2015-03-02, Philippines, passport P1)'. */
function dependentText(dependent: Record<string, unknown>): string {
  const name = wordsOf([dependent.firstName, dependent.middleName, dependent.lastName]) || 'Unnamed dependent';
  const relationship = typeof dependent.relationship === 'string' ? dependent.relationship.toLowerCase() : '';
  const details = [
    relationship,
    typeof dependent.dateOfBirth === 'string' && dependent.dateOfBirth ? `born ${dependent.dateOfBirth}` : '',
    typeof dependent.nationality === 'string' ? dependent.nationality : '',
    typeof dependent.passportNumber === 'string' && dependent.passportNumber
      ? `passport ${dependent.passportNumber}`
      : '',
    typeof dependent.passportExpiryDate === 'string' && dependent.passportExpiryDate
      ? `expiring ${dependent.passportExpiryDate}`
      : '',
    typeof dependent.countryOfResidence === 'string' && dependent.countryOfResidence
      ? `living in ${dependent.countryOfResidence}`
      : '',
  ].filter(Boolean);
  return details.length > 0 ? `${name} (${details.join(', ')})` : name;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys that hold an id: a reader learns nothing from one, so a value in words leaves them out. */
const isIdKey = (key: string) => key === 'id' || /Id$/.test(key);

/** Any other list or object in words: its items joined, an object's fields as 'Label: value'. */
function structuredText(value: unknown): string {
  if (Array.isArray(value)) return value.map(structuredText).filter(Boolean).join(', ');
  if (isObject(value)) {
    return Object.entries(value)
      .filter(([key, item]) => !isIdKey(key) && item !== null && item !== undefined && item !== '')
      .map(([key, item]) => `${historyFieldLabel(key)}: ${structuredText(item)}`)
      .join('; ');
  }
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

const LINKED_RECORD_FIELDS: Record<string, 'lead' | 'client'> = {
  convertedToClientId: 'client',
  convertedFromLeadId: 'lead',
};

/**
 * A field's stored value as the History tab shows it, in words: a client's dependents by name and
 * relationship ('Maria Santos (spouse), Leo Santos (child)'), the other record of a conversion by its short
 * id, any other list or object item by item — never as JSON or keys. Null for no value (an empty list
 * included). User fields are named by the server.
 */
export function historyValueText(field: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  // The other record of a conversion by the short id its banner shows (CL-…, LD-…), not its key.
  const linked = LINKED_RECORD_FIELDS[field];
  if (linked && typeof value === 'string') return displayId(linked, value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'dependents' && Array.isArray(value)) {
    return value.length > 0 ? value.map((d) => (isObject(d) ? dependentText(d) : structuredText(d))).join(', ') : null;
  }
  return structuredText(value) || null;
}
