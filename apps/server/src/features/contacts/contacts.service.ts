// Contacts: the list, its statistics, and the restore of a contact to a lead or to a client (spec 2 §4),
// each restore one transaction that happens whole or not at all.
import {
  CONTACT_MESSAGES,
  CONTACT_STATUS_REVERTED,
  type ContactListQuery,
  type ContactRestoreResult,
  CONVERTED_STATUS,
  DEFAULT_CLIENT_STATUS,
  DEFAULT_LEAD_SOURCE,
  DEFAULT_LEAD_STATUS,
  type LeadStatus,
  normalizeLeadStatus,
  forbiddenMessage,
  RESTORE_PERMISSION,
  type RestoreContactInput,
  type SmartRevertInput,
  smartRevertTarget,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import type { Viewer } from '../../db/list-query.ts';
import type { Actor } from '../../plugins/actor.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { publishChange, recordChange } from '../../platform/audit/record-change.ts';
import { findLinkedLead, insertClient } from '../clients/clients.repository.ts';
import { duplicatePersonError, findDuplicatePerson } from '../record-kit/person-duplicates.ts';
import { insertLead, type LeadRow, updateLead } from '../leads/leads.repository.ts';
import {
  type ContactRow,
  contactStatistics,
  findListedContact,
  listContacts,
  updateListedContact,
} from './contacts.repository.ts';
import { moveChildrenToClient } from '../record-kit/child-records.repository.ts';

export const listVisibleContacts = (db: Database, viewer: Viewer, query: ContactListQuery) =>
  listContacts(db, viewer, query);

export const visibleContactStatistics = (db: Database, viewer: Viewer) => contactStatistics(db, viewer);

/** The status a restored lead gets: the one it was archived with ('Converted to Client' cannot come back as such). */
export function restoredLeadStatus(originalLeadStatus: string | null): LeadStatus {
  const status = normalizeLeadStatus(originalLeadStatus);
  return status === CONVERTED_STATUS ? DEFAULT_LEAD_STATUS : status;
}

/**
 * Smart revert (spec 2 §4): the server chooses lead or client from the contact's history and what the user
 * may create, then restores as restoreContact does; the answer names the target.
 */
export async function smartRevertContact(
  db: Database,
  actor: Actor,
  id: string,
  input: SmartRevertInput,
): Promise<ContactRestoreResult> {
  const contact = await findListedContact(db, actor.viewer, id);
  if (!contact) throw notFound('Contact');
  const type = smartRevertTarget(contact.originalLeadStatus, (t) => actor.can(RESTORE_PERMISSION[t]));
  if (!type) throw new AppError('FORBIDDEN', forbiddenMessage(RESTORE_PERMISSION.lead));
  return restoreContact(db, actor, id, { type, notes: input.notes }, { smart: true });
}

export async function restoreContact(
  db: Database,
  actor: Actor,
  id: string,
  input: RestoreContactInput,
  how: { smart?: boolean } = {},
): Promise<ContactRestoreResult> {
  return db.transaction(async (tx) => {
    const contact = await findListedContact(tx, actor.viewer, id);
    if (!contact) throw notFound('Contact');
    // Marks the contact first: it locks the row, so a second restore of the same contact finds nothing.
    const marked = await updateListedContact(tx, contact.id, {
      contactStatus: CONTACT_STATUS_REVERTED,
      canRevertToLead: false,
      updatedBy: actor.ctx.actorId,
    });
    if (!marked) throw notFound('Contact');
    const lead = contact.originalLeadId ? await findLinkedLead(tx, contact.originalLeadId) : undefined;
    const result =
      input.type === 'lead'
        ? await restoreToLead(tx, actor, contact, lead)
        : await restoreToClient(tx, actor, contact, lead, input.notes);
    await recordChange(tx, actor.ctx, {
      action: input.type === 'lead' ? 'RESTORE_CONTACT_TO_LEAD' : 'RESTORE_CONTACT_TO_CLIENT',
      resourceType: 'CONTACT',
      resourceId: contact.id,
      oldValues: { contactStatus: contact.contactStatus, canRevertToLead: contact.canRevertToLead },
      newValues: {
        contactStatus: CONTACT_STATUS_REVERTED,
        canRevertToLead: false,
        leadId: result.leadId,
        clientId: result.clientId,
        notes: input.notes,
        ...(how.smart ? { smartRevert: true } : {}),
      },
      event: 'contact',
    });
    const restored = input.type === 'lead' ? CONTACT_MESSAGES.restoredToLead : CONTACT_MESSAGES.restoredToClient;
    return {
      ok: true as const,
      type: input.type,
      message: how.smart ? CONTACT_MESSAGES.reverted(input.type) : restored,
      ...result,
    };
  });
}

/** The person fields a contact carries back to a lead. */
function leadFieldsOf(contact: ContactRow) {
  return {
    firstName: contact.firstName,
    middleName: contact.middleName,
    lastName: contact.lastName,
    gender: contact.gender,
    dateOfBirth: contact.dateOfBirth,
    nationality: contact.nationality,
    countryOfResidence: contact.countryOfResidence,
    email: contact.email,
    contactNumber: contact.contactNumber,
    applicantLocation: contact.applicantLocation,
    currentVisaSubclass: contact.currentVisaSubclass,
    desiredVisa: contact.visaAppliedFor,
    visaExpiryDate: contact.visaExpiryDate,
    leadSource: contact.leadSource ?? DEFAULT_LEAD_SOURCE,
    socialMediaPlatform: contact.socialMediaPlatform,
    associatePartner: contact.associatePartner,
    branchOffice: contact.branchOffice,
    managerUserId: contact.managerUserId,
    assistantManagerUserId: contact.assistantManagerUserId,
    migrationAgentUserId: contact.migrationAgentUserId,
  };
}

/** Refuses when the original lead is live again, or when another live lead or client has this email / number. */
async function checkCanComeBack(tx: Executor, contact: ContactRow, lead: LeadRow | undefined) {
  if (lead && lead.archivedAt === null && lead.deletedAt === null)
    throw new AppError('CONFLICT', CONTACT_MESSAGES.leadAlreadyActive);
  const duplicate = await findDuplicatePerson(tx, contact, { leadId: lead?.id });
  if (duplicate) throw duplicatePersonError(duplicate, contact);
}

/** Out of the archive (and out of Deleted Items, should it be there): the lead is live again. */
const backInTheLists = { archivedAt: null, deletedAt: null, deletedBy: null, deleteReason: null } as const;

/** Brings back the original lead with its archived status, or, if it was deleted forever, a new lead from the contact. */
async function restoreToLead(tx: Executor, actor: Actor, contact: ContactRow, lead: LeadRow | undefined) {
  await checkCanComeBack(tx, contact, lead);
  const leadStatus = restoredLeadStatus(contact.originalLeadStatus);
  let leadId: string;
  if (lead) {
    await updateLead(tx, lead.id, {
      ...backInTheLists,
      leadStatus,
      statusBeforeConversion: null,
      convertedAt: null,
      convertedToClientId: null,
      updatedBy: actor.ctx.actorId,
    });
    leadId = lead.id;
  } else {
    const owner = contact.ownerUserId ?? actor.ctx.actorId;
    leadId = (
      await insertLead(tx, { ...leadFieldsOf(contact), leadStatus, createdBy: owner, updatedBy: actor.ctx.actorId })
    ).id;
  }
  await publishChange(tx, actor.ctx, 'lead', 'RESTORE_CONTACT_TO_LEAD', leadId);
  return { leadId, clientId: null };
}

/**
 * Creates an Active client from the contact (notes as its conversion notes). When the original lead still
 * exists it comes out of the archive marked converted to that client, linked both ways as a conversion.
 */
async function restoreToClient(
  tx: Executor,
  actor: Actor,
  contact: ContactRow,
  lead: LeadRow | undefined,
  notes: string,
) {
  await checkCanComeBack(tx, contact, lead);
  const now = new Date();
  const client = await insertClient(tx, {
    ...leadFieldsOf(contact),
    maritalStatus: contact.maritalStatus,
    numberOfDependents: contact.numberOfDependents ?? '0',
    passportNumber: contact.passportNumber,
    passportExpiryDate: contact.passportExpiryDate,
    street1: contact.street1,
    street2: contact.street2,
    city: contact.city,
    stateRegion: contact.stateRegion,
    postalCode: contact.postalCode,
    country: contact.country,
    address: contact.address,
    company: contact.company,
    projects: contact.projects,
    revenue: contact.revenue,
    status: DEFAULT_CLIENT_STATUS,
    conversionNotes: notes,
    convertedFromLeadId: lead?.id ?? null,
    convertedAt: lead ? now : null,
    // The record keeps its origin: whoever created the lead the contact came from.
    userId: contact.ownerUserId ?? actor.ctx.actorId,
    createdBy: contact.ownerUserId ?? actor.ctx.actorId,
    updatedBy: actor.ctx.actorId,
  });
  if (lead) {
    await updateLead(tx, lead.id, {
      ...backInTheLists,
      statusBeforeConversion: restoredLeadStatus(contact.originalLeadStatus ?? lead.leadStatus),
      leadStatus: CONVERTED_STATUS,
      convertedAt: now,
      convertedToClientId: client.id,
      updatedBy: actor.ctx.actorId,
    });
    await moveChildrenToClient(tx, lead.id, client.id);
    await publishChange(tx, actor.ctx, 'lead', 'RESTORE_CONTACT_TO_CLIENT', lead.id);
  }
  await recordChange(tx, actor.ctx, {
    action: 'CREATE_CLIENT',
    resourceType: 'CLIENT',
    resourceId: client.id,
    newValues: {
      fromContactId: contact.id,
      convertedFromLeadId: client.convertedFromLeadId,
      status: client.status,
      conversionNotes: notes,
    },
    event: 'client',
  });
  return { leadId: lead?.id ?? null, clientId: client.id };
}
