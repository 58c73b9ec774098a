// An audit row in words (issue 29), the same in the Audit Logs tab, the Security events and a record's
// History: which stored fields point at another record (the server looks each up to a name or a number),
// roles and statuses by their labels, and never an id or JSON.
import { isRole, ROLE_LABELS } from '../access/roles.ts';
import { CONTRACT_STATUS_LABELS } from '../contracts/contract.ts';
import { INVOICE_STATUS_LABELS } from '../invoices/invoice.ts';
import { MAIL_STATUS_LABELS } from '../mail/mail-log.ts';
import { displayId } from '../records/display.ts';
import {
  HISTORY_HIDDEN_FIELDS,
  type HistoryChange,
  historyFieldLabel,
  historyValueText,
  isUserField,
} from '../records/record-history.ts';
import { TASK_STATUS_LABELS } from '../tasks/task.ts';
import { TIMESHEET_WEEK_STATUS_LABELS } from '../timesheets/timesheet.ts';
import { USER_STATUS_LABELS } from '../users/user.ts';

/** The kinds of record an audit row can point at, each named by the server from its own table. */
export const AUDIT_REFERENCE_KINDS = [
  'user',
  'lead',
  'client',
  'contact',
  'invoice',
  'creditNote',
  'receipt',
  'service',
  'task',
  'contract',
  'contractTemplate',
  'invoiceTemplate',
  'document',
] as const;
export type AuditReferenceKind = (typeof AUDIT_REFERENCE_KINDS)[number];
export type AuditReference = { kind: AuditReferenceKind; id: string };

/** What a reference reads when its record was deleted for ever (the row keeps only its id). */
const GONE: Record<AuditReferenceKind, string> = {
  user: 'Deleted user',
  lead: 'Deleted lead',
  client: 'Deleted client',
  contact: 'Deleted contact',
  invoice: 'Deleted invoice',
  creditNote: 'Deleted credit note',
  receipt: 'Deleted receipt',
  service: 'Deleted service',
  task: 'Deleted task',
  contract: 'Deleted contract',
  contractTemplate: 'Deleted contract template',
  invoiceTemplate: 'Deleted invoice template',
  document: 'Deleted document',
};

const REFERENCE_FIELDS: Record<string, AuditReferenceKind> = {
  authorId: 'user',
  assigneeId: 'user',
  leadId: 'lead',
  originalLeadId: 'lead',
  convertedFromLeadId: 'lead',
  clientId: 'client',
  convertedToClientId: 'client',
  contactId: 'contact',
  invoiceId: 'invoice',
  creditNoteId: 'creditNote',
  receiptId: 'receipt',
  serviceId: 'service',
  taskId: 'task',
  contractId: 'contract',
  documentId: 'document',
};

/** The kind of record a stored field points at (managerUserId → user, invoiceId → invoice), or null. */
export function auditReferenceKind(field: string): AuditReferenceKind | null {
  return REFERENCE_FIELDS[field] ?? (isUserField(field) ? 'user' : null);
}

/** The resource types whose resource id is a record the Audit Logs tab names (USER → the user's name). */
const RESOURCE_KINDS: Record<string, AuditReferenceKind> = {
  USER: 'user',
  LEAD: 'lead',
  CLIENT: 'client',
  CONTACT: 'contact',
  INVOICE: 'invoice',
  SERVICE: 'service',
  TASK_NOTE: 'task',
  CONTRACT: 'contract',
  CONTRACT_TEMPLATE: 'contractTemplate',
  INVOICE_TEMPLATE: 'invoiceTemplate',
  DOCUMENT: 'document',
};

export function auditResourceKind(resourceType: string): AuditReferenceKind | null {
  return RESOURCE_KINDS[resourceType] ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What an audit row is about, in words: a record by its name or number, a role by its label, a settings key
 * as it is; null for an id that names nothing a reader knows (the CSV keeps it in its Resource ID column).
 */
export function auditResourceText(
  row: { resourceType: string; resourceId: string | null },
  nameOf: AuditNameOf,
): string | null {
  if (!row.resourceId) return null;
  const kind = auditResourceKind(row.resourceType);
  if (kind) return auditReferenceText({ kind, id: row.resourceId }, nameOf);
  if (isRole(row.resourceId)) return ROLE_LABELS[row.resourceId];
  return UUID.test(row.resourceId) ? null : row.resourceId;
}

/** The status labels of each resource type whose statuses are stored as keys (lead and client statuses are words). */
const STATUS_LABELS: Record<string, Record<string, string>> = {
  USER: USER_STATUS_LABELS,
  INVOICE: INVOICE_STATUS_LABELS,
  TASK_NOTE: TASK_STATUS_LABELS,
  CONTRACT: CONTRACT_STATUS_LABELS,
  TIMESHEET_WEEK: TIMESHEET_WEEK_STATUS_LABELS,
  MAIL: MAIL_STATUS_LABELS,
};

type Fields = Record<string, unknown>;
const fieldsOf = (values: unknown): Fields =>
  values !== null && typeof values === 'object' && !Array.isArray(values) ? (values as Fields) : {};

/** A field that holds an id nobody can read and that names no record (a payment's, a ledger's): left out. */
const isBareId = (field: string) => (field === 'id' || /Id$/.test(field)) && auditReferenceKind(field) === null;

/** Every record the row points at, for the server to name in one query per kind. */
export function auditReferences(row: {
  resourceType: string;
  resourceId: string | null;
  oldValues: unknown;
  newValues: unknown;
}): AuditReference[] {
  const found: AuditReference[] = [];
  const resourceKind = auditResourceKind(row.resourceType);
  if (resourceKind && row.resourceId) found.push({ kind: resourceKind, id: row.resourceId });
  for (const values of [row.oldValues, row.newValues]) {
    for (const [field, value] of Object.entries(fieldsOf(values))) {
      const kind = auditReferenceKind(field);
      if (kind && typeof value === 'string' && value !== '') found.push({ kind, id: value });
    }
  }
  return found;
}

/** Looks up a referenced record's name or number; null when it no longer exists. */
export type AuditNameOf = (reference: AuditReference) => string | null;

/** A referenced record in words: its name ('Maria Santos (CL-3B4A5F60)' for a lead or client), or that it is gone. */
export function auditReferenceText(reference: AuditReference, nameOf: AuditNameOf): string {
  const name = nameOf(reference);
  const shortId =
    reference.kind === 'lead' || reference.kind === 'client' ? displayId(reference.kind, reference.id) : null;
  if (name === null) return shortId ?? GONE[reference.kind];
  return shortId ? `${name} (${shortId})` : name;
}

/** A stored value in words: a role or a status by its label, a record by its name, anything else as History reads it. */
export function auditValueText(
  resourceType: string,
  field: string,
  value: unknown,
  nameOf: AuditNameOf,
): string | null {
  if (value === null || value === undefined || value === '') return null;
  const kind = auditReferenceKind(field);
  if (kind && typeof value === 'string') return auditReferenceText({ kind, id: value }, nameOf);
  if (field === 'role' && isRole(value)) return ROLE_LABELS[value];
  if (field === 'roles' && Array.isArray(value) && value.every(isRole)) {
    return value.map((role) => ROLE_LABELS[role]).join(', ') || null;
  }
  if ((field === 'status' || field === 'state') && typeof value === 'string') {
    const label = STATUS_LABELS[resourceType]?.[value];
    if (label) return label;
  }
  return historyValueText(field, value);
}

/**
 * The row's fields before and after, each with its label and its value in words, alphabetical by label;
 * bookkeeping and bare ids left out, and a field whose words did not change dropped.
 */
export function auditChanges(
  row: { resourceType: string; oldValues: unknown; newValues: unknown },
  nameOf: AuditNameOf,
): HistoryChange[] {
  const before = fieldsOf(row.oldValues);
  const after = fieldsOf(row.newValues);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => !HISTORY_HIDDEN_FIELDS.has(field) && !isBareId(field),
  );
  return (
    fields
      .map((field) => ({
        field,
        label: historyFieldLabel(field),
        from: auditValueText(row.resourceType, field, before[field], nameOf),
        to: auditValueText(row.resourceType, field, after[field], nameOf),
      }))
      .filter((change) => change.from !== change.to)
      // jsonb keeps no order of its own: alphabetical by label, the same every time.
      .sort((a, b) => a.label.localeCompare(b.label))
  );
}
