// Client rules and transactions: create, edit (version, §5.2 rules, duplicates), hide / unhide, soft delete,
// restore, permanent delete (returns its lead to the status before conversion), and 'Revert to Lead' (DECISIONS.md §2).
import { randomUUID } from 'node:crypto';
import {
  type ClientInput,
  clientInputSchema,
  type ClientListQuery,
  type ClientPage,
  type ClientPatch,
  type ClientRecord,
  CLIENT_MESSAGES,
  CONVERTED_STATUS,
  type DependentRecord,
  DEFAULT_LEAD_STATUS,
  type LeadStatus,
  normalizeClientInput,
  normalizeLeadStatus,
  REVERTED_STATUS,
  canRevertConversion,
  reassignedFields,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import type { Viewer } from '../../db/list-query.ts';
import { type Actor, requireActorCan } from '../../plugins/actor.ts';
import { AppError, conflict, notFound, validationError } from '../../plugins/errors.ts';
import { changedFields, publishChange, recordChange } from '../../platform/audit/record-change.ts';
import { alertClientStatus } from '../notifications/record-alerts.ts';
import { type LeadRow, updateLead } from '../leads/leads.repository.ts';
import { checkBirthDates } from '../record-kit/birth-dates.ts';
import { patchedForm } from '../record-kit/patch.ts';
import { recordLifecycle } from '../record-kit/record-lifecycle.ts';
import { checkAssignments } from '../users/assignments.ts';
import {
  type ClientRow,
  clientFilterOptions,
  deleteClientRow,
  findClient,
  findClientConvertedFrom,
  findClientRecord,
  findLinkedLead,
  insertClient,
  leadIdsConvertedTo,
  listClients,
  updateClient,
  updateClientVersioned,
} from './clients.repository.ts';
import { duplicatePersonError, findDuplicatePerson } from '../record-kit/person-duplicates.ts';
import { moveChildrenToLead } from '../record-kit/child-records.repository.ts';

const clientNotFound = () => notFound('Client');

export const listVisibleClients = (db: Database, viewer: Viewer, query: ClientListQuery): Promise<ClientPage> =>
  listClients(db, viewer, query);

export const visibleClientFilterOptions = (db: Database, viewer: Viewer, showHidden?: boolean) =>
  clientFilterOptions(db, viewer, showHidden);

export async function getClient(db: Database, viewer: Viewer, id: string): Promise<ClientRecord> {
  const client = await findClient(db, viewer, id);
  if (!client) throw clientNotFound();
  return readRecord(db, client.id);
}

export async function readRecord(db: Executor, id: string): Promise<ClientRecord> {
  const record = await findClientRecord(db, id);
  if (!record) throw clientNotFound();
  return record;
}

/** The client a lead was converted to, as the viewer may see it (deep links to a converted lead open it). */
export async function readClientConvertedFrom(db: Executor, viewer: Viewer, leadId: string): Promise<ClientRecord> {
  const client = await findClientConvertedFrom(db, viewer, leadId);
  if (!client) throw notFound('Client');
  return readRecord(db, client.id);
}

/** Stored dependents: what applies (normalizeClientInput), each with an id, empty fields left out. */
function storedDependents(list: readonly Record<string, string | undefined>[]): DependentRecord[] {
  return list.map((d) => {
    const entries = Object.entries(d).filter(([, value]) => value !== undefined && value !== '');
    return { ...Object.fromEntries(entries), id: d.id || randomUUID() } as DependentRecord;
  });
}

/** The columns the client form writes; fields that do not apply (normalizeClientInput) are stored as null. */
export function formColumns(input: ClientInput) {
  const v = normalizeClientInput(input);
  return {
    firstName: v.firstName,
    middleName: v.middleName ?? null,
    lastName: v.lastName,
    email: v.email,
    contactNumber: v.contactNumber,
    dateOfBirth: v.dateOfBirth ?? null,
    gender: v.gender ?? null,
    nationality: v.nationality ?? null,
    maritalStatus: v.maritalStatus ?? null,
    numberOfDependents: v.numberOfDependents,
    passportNumber: v.passportNumber ?? null,
    passportExpiryDate: v.passportExpiryDate ?? null,
    currentVisaSubclass: v.currentVisaSubclass ?? null,
    desiredVisa: v.desiredVisa ?? null,
    visaExpiryDate: v.visaExpiryDate ?? null,
    applicantLocation: v.applicantLocation ?? null,
    street1: v.street1 ?? null,
    street2: v.street2 ?? null,
    city: v.city ?? null,
    stateRegion: v.stateRegion ?? null,
    postalCode: v.postalCode ?? null,
    country: v.country ?? null,
    countryOfResidence: v.countryOfResidence ?? null,
    leadSource: v.leadSource ?? null,
    socialMediaPlatform: v.socialMediaPlatform ?? null,
    associatePartner: v.associatePartner ?? null,
    branchOffice: v.branchOffice ?? null,
    status: v.status,
    managerUserId: v.managerUserId ?? null,
    assistantManagerUserId: v.assistantManagerUserId ?? null,
    migrationAgentUserId: v.migrationAgentUserId ?? null,
    spouseFirstName: v.spouseFirstName ?? null,
    spouseMiddleName: v.spouseMiddleName ?? null,
    spouseLastName: v.spouseLastName ?? null,
    spouseDateOfBirth: v.spouseDateOfBirth ?? null,
    spouseNationality: v.spouseNationality ?? null,
    spouseCountryOfResidence: v.spouseCountryOfResidence ?? null,
    dependents: storedDependents(v.dependents),
    company: v.company ?? null,
  };
}

/** Status Reverted is reached only by 'Revert to Lead' (it also puts the lead back): never set directly. */
function refuseDirectReverted(status: string) {
  if (status === REVERTED_STATUS) throw validationError({ status: [CLIENT_MESSAGES.notFromLead] });
}

export async function createClient(db: Database, actor: Actor, input: ClientInput): Promise<ClientRecord> {
  refuseDirectReverted(input.status);
  const values = formColumns(input);
  await checkBirthDates(db, values);
  return db.transaction(async (tx) => {
    await checkAssignments(tx, values);
    const duplicate = await findDuplicatePerson(tx, values);
    if (duplicate) throw duplicatePersonError(duplicate, values);
    const row = await insertClient(tx, {
      ...values,
      userId: actor.ctx.actorId,
      createdBy: actor.ctx.actorId,
      updatedBy: actor.ctx.actorId,
    });
    await recordChange(tx, actor.ctx, {
      action: 'CREATE_CLIENT',
      resourceType: 'CLIENT',
      resourceId: row.id,
      newValues: values,
      event: 'client',
    });
    return readRecord(tx, row.id);
  });
}

/**
 * Saves the fields sent (PATCH) with the version last read: merged over the stored client and checked as
 * a whole. Saving with status Reverted runs 'Revert to Lead' after the other changes, in the same
 * transaction (as a lead saved as Converted to Client converts).
 */
export async function updateClientDetails(
  db: Database,
  actor: Actor,
  id: string,
  patch: ClientPatch,
): Promise<ClientRecord> {
  return db.transaction(async (tx) => {
    const before = await findClient(tx, actor.viewer, id);
    if (!before) throw clientNotFound();
    if (before.status === REVERTED_STATUS) throw new AppError('CONFLICT', CLIENT_MESSAGES.readOnlyReverted);
    if (before.version !== patch.version) throw conflict();
    const values = formColumns(patchedForm(clientInputSchema, before, patch));
    await checkBirthDates(tx, values);
    const reverting = values.status === REVERTED_STATUS;
    if (reverting && !before.convertedFromLeadId) throw validationError({ status: [CLIENT_MESSAGES.notFromLead] });
    const fields = reverting ? { ...values, status: before.status } : values;
    if (reassignedFields(before, fields).length > 0) requireActorCan(actor, 'clients:assign');
    await checkAssignments(tx, fields, before);
    const duplicate = await findDuplicatePerson(tx, fields, {
      leadId: before.convertedFromLeadId,
      clientId: before.id,
    });
    if (duplicate) throw duplicatePersonError(duplicate, fields, CLIENT_MESSAGES.duplicateOnUpdate);
    const after = await updateClientVersioned(tx, before.id, patch.version, {
      ...fields,
      updatedBy: actor.ctx.actorId,
    });
    if (!after) throw conflict();
    const changes = changedFields(before, fields);
    if (Object.keys(changes.newValues).length > 0) {
      await recordChange(tx, actor.ctx, {
        action: 'UPDATE_CLIENT',
        resourceType: 'CLIENT',
        resourceId: before.id,
        ...changes,
        event: 'client',
      });
    }
    await alertClientStatus(tx, actor.ctx, after, before.status);
    if (reverting) await revertInTransaction(tx, actor, after);
    return readRecord(tx, before.id);
  });
}

/** Hide / unhide, soft delete, restore and permanent delete (Deleted Items), as for every record type. */
export const clientLifecycle = recordLifecycle<ClientRow>({
  resourceType: 'CLIENT',
  event: 'client',
  name: 'Client',
  find: findClient,
  update: updateClient,
  remove: deleteClientRow,
  // An active client or a lead may have taken the email or number while this one was deleted. A Reverted
  // client is no active client, so bringing it back clashes with nobody.
  checkRestore: async (tx, client) => {
    if (client.status === REVERTED_STATUS) return;
    const duplicate = await findDuplicatePerson(tx, client, {
      leadId: client.convertedFromLeadId,
      clientId: client.id,
    });
    if (duplicate) throw duplicatePersonError(duplicate, client);
  },
  // A lead converted to the client would otherwise stay 'Converted to Client' with no client: read-only, with
  // nothing left to revert. It goes back to the status it had before the conversion, as 'Revert to Lead'
  // would put it, audited on the lead with its own change event.
  beforePermanentDelete: async (tx, actor, client) => {
    const returned: { id: string; leadStatus: LeadStatus }[] = [];
    for (const leadId of await leadIdsConvertedTo(tx, client.id)) {
      const lead = await findLinkedLead(tx, leadId);
      if (!lead) continue;
      const leadStatus = await returnLeadFromConversion(tx, actor, lead);
      await recordChange(tx, actor.ctx, {
        action: 'REVERT_CONVERSION_ON_CLIENT_PURGE',
        resourceType: 'LEAD',
        resourceId: lead.id,
        oldValues: {
          leadStatus: lead.leadStatus,
          statusBeforeConversion: lead.statusBeforeConversion,
          convertedToClientId: lead.convertedToClientId,
        },
        newValues: { leadStatus, statusBeforeConversion: null, convertedToClientId: null },
        event: 'lead',
      });
      returned.push({ id: lead.id, leadStatus });
    }
    return { newValues: { leadsReturned: returned }, changed: [] };
  },
});

/**
 * Ends the lead's conversion: back to the status stored when it was converted (a lead stored as converted
 * becomes New Lead Received), the link to the client cleared. The converted date stays in its history.
 */
async function returnLeadFromConversion(tx: Executor, actor: Actor, lead: LeadRow): Promise<LeadStatus> {
  const restored = normalizeLeadStatus(lead.statusBeforeConversion);
  const leadStatus = restored === CONVERTED_STATUS ? DEFAULT_LEAD_STATUS : restored;
  await updateLead(tx, lead.id, {
    leadStatus,
    statusBeforeConversion: null,
    convertedToClientId: null,
    updatedBy: actor.ctx.actorId,
  });
  return leadStatus;
}

/** POST /api/clients/:id/revert: 'Revert to Lead' in one transaction. */
export async function revertClient(
  db: Database,
  actor: Actor,
  id: string,
): Promise<{ clientId: string; leadId: string; leadStatus: string }> {
  return db.transaction(async (tx) => {
    const client = await findClient(tx, actor.viewer, id);
    if (!client) throw clientNotFound();
    return revertInTransaction(tx, actor, client);
  });
}

/**
 * The client becomes Reverted (kept for the record, read-only) and its lead goes back to the status it had
 * before the conversion, with the conversion fields cleared. Allowed less than 30 days after conversion.
 */
export async function revertInTransaction(
  tx: Executor,
  actor: Actor,
  client: ClientRow,
): Promise<{ clientId: string; leadId: string; leadStatus: string }> {
  if (client.status === REVERTED_STATUS) throw new AppError('CONFLICT', CLIENT_MESSAGES.alreadyReverted);
  if (!client.convertedFromLeadId) throw new AppError('CONFLICT', CLIENT_MESSAGES.notFromLead);
  if (!canRevertConversion(client.convertedAt)) throw new AppError('CONFLICT', CLIENT_MESSAGES.revertWindowPassed);
  const lead = await findLinkedLead(tx, client.convertedFromLeadId);
  if (!lead) throw new AppError('CONFLICT', CLIENT_MESSAGES.leadGone);

  const leadStatus = await returnLeadFromConversion(tx, actor, lead);
  const now = new Date();
  await updateClient(tx, client.id, {
    status: REVERTED_STATUS,
    revertedAt: now,
    revertedBy: actor.ctx.actorId,
    updatedBy: actor.ctx.actorId,
  });
  await moveChildrenToLead(tx, client.id, lead.id);
  await recordChange(tx, actor.ctx, {
    action: 'REVERT_CONVERSION',
    resourceType: 'CLIENT',
    resourceId: client.id,
    oldValues: {
      client: { status: client.status, revertedAt: null },
      lead: {
        id: lead.id,
        leadStatus: lead.leadStatus,
        convertedAt: lead.convertedAt,
        convertedToClientId: lead.convertedToClientId,
      },
    },
    newValues: {
      client: { status: REVERTED_STATUS, revertedAt: now },
      lead: { id: lead.id, leadStatus, convertedToClientId: null },
    },
    event: 'client',
  });
  await publishChange(tx, actor.ctx, 'lead', 'REVERT_CONVERSION', lead.id);
  return { clientId: client.id, leadId: lead.id, leadStatus };
}
