// Lead → client conversion (spec 1 §4.3): one transaction creates the client with the lead's data and
// links both ways; the lead keeps the status it had so 'Revert to Lead' can put it back.
import {
  CLIENT_MESSAGES,
  CONVERSION_NOTE,
  CONVERSION_TYPE,
  type ConversionResult,
  CONVERTED_STATUS,
  DEFAULT_CLIENT_STATUS,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import type { Actor } from '../../plugins/actor.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { recordChange } from '../../platform/audit/record-change.ts';
import { leadPerson } from '../leads/lead-person.ts';
import { findLead, type LeadRow, updateLead } from '../leads/leads.repository.ts';
import { insertClient, type NewClientRow } from './clients.repository.ts';
import { readRecord } from './clients.service.ts';
import { duplicatePersonError, findDuplicatePerson } from '../record-kit/person-duplicates.ts';
import { moveChildrenToClient } from '../record-kit/child-records.repository.ts';

/** The client a lead becomes: the lead's person, visa, source and assignment fields. */
export function clientFromLead(lead: LeadRow, actorId: string, notes: string, convertedAt: Date): NewClientRow {
  return {
    ...leadPerson(lead),
    status: DEFAULT_CLIENT_STATUS,
    // The lead's creator keeps owning the person (a consultant's converted lead stays in its view).
    userId: lead.createdBy ?? actorId,
    convertedFromLeadId: lead.id,
    conversionNotes: notes,
    convertedAt,
    createdBy: actorId,
    updatedBy: actorId,
  };
}

/**
 * Converts a live lead inside the caller's transaction (also used by PATCH /api/leads/:id with status
 * Converted to Client, after the lead's other changes). Any failure rolls back everything.
 */
export async function convertLeadInTransaction(
  tx: Executor,
  actor: Actor,
  lead: LeadRow,
  notes?: string,
): Promise<ConversionResult> {
  if (lead.leadStatus === CONVERTED_STATUS || lead.convertedToClientId)
    throw new AppError('CONFLICT', CLIENT_MESSAGES.alreadyConverted);
  const duplicate = await findDuplicatePerson(tx, lead, { leadId: lead.id });
  if (duplicate) throw duplicatePersonError(duplicate, lead);

  const convertedAt = new Date();
  const note = notes?.trim() || CONVERSION_NOTE;
  const client = await insertClient(tx, clientFromLead(lead, actor.ctx.actorId, note, convertedAt));
  await updateLead(tx, lead.id, {
    statusBeforeConversion: lead.leadStatus,
    leadStatus: CONVERTED_STATUS,
    convertedAt,
    convertedToClientId: client.id,
    updatedBy: actor.ctx.actorId,
  });
  await moveChildrenToClient(tx, lead.id, client.id);
  await recordChange(tx, actor.ctx, {
    action: 'CONVERT_LEAD',
    resourceType: 'LEAD',
    resourceId: lead.id,
    oldValues: { leadStatus: lead.leadStatus, convertedAt: null, convertedToClientId: null },
    newValues: {
      leadStatus: CONVERTED_STATUS,
      convertedAt,
      convertedToClientId: client.id,
      conversionType: CONVERSION_TYPE,
      notes: note,
    },
    event: 'lead',
  });
  await recordChange(tx, actor.ctx, {
    action: 'CREATE_CLIENT',
    resourceType: 'CLIENT',
    resourceId: client.id,
    newValues: { convertedFromLeadId: lead.id, status: client.status, conversionNotes: note },
    event: 'client',
  });
  // Verified inside the transaction: a conversion that cannot read its client back is not committed.
  const record = await readRecord(tx, client.id).catch(() => {
    throw new AppError('INTERNAL', CLIENT_MESSAGES.notFoundAfterConversion);
  });
  return {
    conversionType: CONVERSION_TYPE,
    leadId: lead.id,
    clientId: client.id,
    client: record,
    message: CLIENT_MESSAGES.converted,
  };
}

/** POST /api/leads/:id/convert. */
export async function convertLead(
  db: Database,
  actor: Actor,
  leadId: string,
  notes?: string,
): Promise<ConversionResult> {
  return db.transaction(async (tx) => {
    const lead = await findLead(tx, actor.viewer, leadId);
    if (!lead) throw notFound('Lead');
    return convertLeadInTransaction(tx, actor, lead, notes);
  });
}
