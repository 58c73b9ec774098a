// Lead rules and transactions: create (rate limit, duplicates), edit (version, read-only when converted),
// archive to contacts, hide / unhide, soft delete, restore, permanent delete (spec 1 §4.4, §5.1, §8).
import {
  CONTACT_STATUS_ACTIVE,
  CONVERTED_STATUS,
  type LeadInput,
  leadInputSchema,
  type LeadListQuery,
  type LeadPatch,
  type LeadRecord,
  LEAD_CREATE_LIMIT,
  LEAD_MESSAGES,
  normalizeLeadInput,
  normalizeLeadStatus,
  reassignedFields,
  wholeDaysBetween,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import type { Viewer } from '../../db/list-query.ts';
import { type Actor, requireActorCan } from '../../plugins/actor.ts';
import { AppError, conflict, notFound } from '../../plugins/errors.ts';
import { hitLimit, limitKey } from '../../plugins/rate-limiter.ts';
import { changedFields, recordChange, publishChange } from '../../platform/audit/record-change.ts';
import { alertLeadAssignees } from '../notifications/record-alerts.ts';
import { duplicatePersonError, findDuplicatePerson } from '../record-kit/person-duplicates.ts';
import { checkBirthDates } from '../record-kit/birth-dates.ts';
import { patchedForm } from '../record-kit/patch.ts';
import { recordLifecycle } from '../record-kit/record-lifecycle.ts';
import { checkAssignments } from '../users/assignments.ts';
import {
  deleteLeadRow,
  findLead,
  findLeadRecord,
  insertContact,
  insertLead,
  leadFilterOptions,
  type LeadRow,
  listLeads,
  type NewContactRow,
  updateLead,
  updateLeadVersioned,
} from './leads.repository.ts';
import { leadPerson } from './lead-person.ts';

const leadNotFound = () => notFound('Lead');

export const listVisibleLeads = (db: Database, viewer: Viewer, query: LeadListQuery) => listLeads(db, viewer, query);

export const visibleLeadFilterOptions = (db: Database, viewer: Viewer, showHidden?: boolean) =>
  leadFilterOptions(db, viewer, showHidden);

export async function getLead(db: Database, viewer: Viewer, id: string): Promise<LeadRecord> {
  const lead = await findLead(db, viewer, id);
  if (!lead) throw leadNotFound();
  return readRecord(db, lead.id);
}

async function readRecord(db: Executor, id: string): Promise<LeadRecord> {
  const record = await findLeadRecord(db, id);
  if (!record) throw leadNotFound();
  return record;
}

/** The columns a lead form writes; fields that do not apply (normalizeLeadInput) are stored as null. */
export function formColumns(input: LeadInput) {
  const v = normalizeLeadInput(input);
  return {
    firstName: v.firstName,
    middleName: v.middleName ?? null,
    lastName: v.lastName,
    gender: v.gender ?? null,
    dateOfBirth: v.dateOfBirth,
    nationality: v.nationality,
    countryOfResidence: v.countryOfResidence,
    email: v.email,
    contactNumber: v.contactNumber,
    applicantLocation: v.applicantLocation,
    currentVisaSubclass: v.currentVisaSubclass ?? null,
    desiredVisa: v.desiredVisa ?? null,
    visaExpiryDate: v.visaExpiryDate ?? null,
    leadStatus: v.leadStatus,
    leadSource: v.leadSource,
    socialMediaPlatform: v.socialMediaPlatform ?? null,
    associatePartner: v.associatePartner ?? null,
    branchOffice: v.branchOffice ?? null,
    managerUserId: v.managerUserId ?? null,
    assistantManagerUserId: v.assistantManagerUserId ?? null,
    migrationAgentUserId: v.migrationAgentUserId ?? null,
  };
}

export async function createLead(db: Database, actor: Actor, input: LeadInput): Promise<LeadRecord> {
  await checkBirthDates(db, input);
  // Every attempt counts, whatever happens next (spec 1 §5.1: 5 per minute per email), on every process.
  const limit = await hitLimit(db, limitKey('lead-creations-by-email', input.email), LEAD_CREATE_LIMIT);
  if (!limit.allowed) throw new AppError('RATE_LIMITED', LEAD_MESSAGES.rateLimited);
  const values = formColumns(input);
  return db.transaction(async (tx) => {
    await checkAssignments(tx, values);
    const duplicate = await findDuplicatePerson(tx, values);
    if (duplicate) throw duplicatePersonError(duplicate, values);
    const row = await insertLead(tx, { ...values, createdBy: actor.ctx.actorId, updatedBy: actor.ctx.actorId });
    await recordChange(tx, actor.ctx, {
      action: 'CREATE_LEAD',
      resourceType: 'LEAD',
      resourceId: row.id,
      newValues: values,
      event: 'lead',
    });
    await alertLeadAssignees(tx, actor.ctx, row);
    return readRecord(tx, row.id);
  });
}

/**
 * Saves the fields sent (PATCH) with the version last read: merged over the stored lead and checked as a
 * whole. Saved with status Converted to Client, the other changes are applied and then the lead is
 * converted (spec 1 §4.3), in the same transaction: the client is created from the saved lead, and a
 * failure anywhere leaves everything as it was.
 */
/**
 * Makes a client of a saved lead in the caller's transaction. The clients feature does it
 * (clients/conversion.service.ts); the app hands it to the leads' routes, so leads need not know clients.
 */
export type LeadConversion = (tx: Executor, actor: Actor, lead: LeadRow) => Promise<unknown>;

export async function updateLeadDetails(
  db: Database,
  actor: Actor,
  id: string,
  patch: LeadPatch,
  convert: LeadConversion,
): Promise<LeadRecord> {
  return db.transaction(async (tx) => {
    const before = await findLead(tx, actor.viewer, id);
    if (!before) throw leadNotFound();
    if (before.leadStatus === CONVERTED_STATUS) throw new AppError('CONFLICT', LEAD_MESSAGES.readOnlyConverted);
    if (before.version !== patch.version) throw conflict();
    const input = patchedForm(leadInputSchema, before, patch);
    const converting = input.leadStatus === CONVERTED_STATUS;
    const submitted = formColumns(input);
    await checkBirthDates(tx, submitted);
    // The conversion sets the status itself and keeps the one it replaces for 'Revert to Lead'.
    const values = converting ? { ...submitted, leadStatus: normalizeLeadStatus(before.leadStatus) } : submitted;
    if (reassignedFields(before, values).length > 0) requireActorCan(actor, 'leads:assign');
    await checkAssignments(tx, values, before);
    const duplicate = await findDuplicatePerson(tx, values, {
      leadId: before.id,
      clientId: before.convertedToClientId,
    });
    // Another lead: the spec's update message; a client: the message naming the clients records.
    if (duplicate) {
      throw duplicatePersonError(
        duplicate,
        values,
        duplicate.table === 'leads' ? LEAD_MESSAGES.duplicateOnUpdate : undefined,
      );
    }
    const after = await updateLeadVersioned(tx, before.id, patch.version, {
      ...values,
      updatedBy: actor.ctx.actorId,
    });
    if (!after) throw conflict();
    const changes = changedFields(before, values);
    if (!converting || Object.keys(changes.newValues).length > 0) {
      await recordChange(tx, actor.ctx, {
        action: 'UPDATE_LEAD',
        resourceType: 'LEAD',
        resourceId: before.id,
        ...changes,
        event: 'lead',
      });
    }
    await alertLeadAssignees(tx, actor.ctx, after, before);
    if (converting) await convert(tx, actor, after);
    return readRecord(tx, before.id);
  });
}

/** The contact an archived lead becomes: a copy of the person with the status it had (spec 2 "Contact"). */
export function contactFromLead(lead: LeadRow, actorId: string, reason: string, archivedAt: Date): NewContactRow {
  const { desiredVisa, ...person } = leadPerson(lead);
  return {
    originalLeadId: lead.id,
    ownerUserId: lead.createdBy,
    ...person,
    visaAppliedFor: desiredVisa,
    originalLeadStatus: lead.leadStatus,
    contactStatus: CONTACT_STATUS_ACTIVE,
    movedFromLeadsAt: archivedAt,
    movedFromLeadsReason: reason,
    daysAsLead: Math.max(0, wholeDaysBetween(lead.createdAt, archivedAt)),
    lastActivityDate: lead.updatedAt,
    canRevertToLead: true,
    createdAt: archivedAt,
    updatedAt: archivedAt,
    createdBy: actorId,
    updatedBy: actorId,
  };
}

/** Moves the lead to contacts in one transaction: the contact copy, then the lead leaves the lists. */
export async function archiveLead(
  db: Database,
  actor: Actor,
  id: string,
  reason: string,
): Promise<{ contactId: string }> {
  return db.transaction(async (tx) => {
    const lead = await findLead(tx, actor.viewer, id);
    if (!lead) throw leadNotFound();
    if (lead.leadStatus === CONVERTED_STATUS) throw new AppError('CONFLICT', LEAD_MESSAGES.readOnlyConverted);
    const now = new Date();
    const contactId = await insertContact(tx, contactFromLead(lead, actor.ctx.actorId, reason, now));
    await updateLead(tx, lead.id, { archivedAt: now, updatedBy: actor.ctx.actorId });
    await recordChange(tx, actor.ctx, {
      action: 'ARCHIVE_LEAD',
      resourceType: 'LEAD',
      resourceId: lead.id,
      oldValues: { leadStatus: lead.leadStatus, archivedAt: null },
      newValues: { archivedAt: now, contactId, reason },
      event: 'lead',
    });
    await publishChange(tx, actor.ctx, 'contact', 'ARCHIVE_LEAD', contactId);
    return { contactId };
  });
}

/** Hide / unhide, soft delete, restore and permanent delete (Deleted Items), as for every record type. */
export const leadLifecycle = recordLifecycle<LeadRow>({
  resourceType: 'LEAD',
  event: 'lead',
  name: 'Lead',
  find: findLead,
  update: updateLead,
  remove: deleteLeadRow,
  // A live lead or client may have taken the email or number while this one was deleted.
  checkRestore: async (tx, lead) => {
    const duplicate = await findDuplicatePerson(tx, lead, { leadId: lead.id, clientId: lead.convertedToClientId });
    if (duplicate) throw duplicatePersonError(duplicate, lead);
  },
});
