// The duplicate-contact check across leads and clients (DECISIONS.md §2: email and contact number),
// reported as a 409 naming the field. Saves that race past it hit a unique index: the error handler's 23505 → 409.
import { LEAD_MESSAGES } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { findDuplicateLead } from '../leads/leads.repository.ts';
import { findDuplicateClient } from './clients.repository.ts';

export type PersonDuplicate = { table: 'leads' | 'clients'; field: 'email' | 'contactNumber' };

/**
 * A live lead or an active client (firm-wide) with the same email or contact number, leaving out the
 * records that are this person already (the lead a client came from, the client itself).
 */
export async function findDuplicatePerson(
  db: Executor,
  person: { email: string; contactNumber: string },
  exclude: { leadId?: string | null; clientId?: string | null } = {},
): Promise<PersonDuplicate | undefined> {
  const lead = await findDuplicateLead(db, { ...person, ...(exclude.leadId ? { excludeId: exclude.leadId } : {}) });
  if (lead) return { table: 'leads', field: lead.field };
  const client = await findDuplicateClient(db, { ...person, excludeId: exclude.clientId });
  return client ? { table: 'clients', field: client.field } : undefined;
}

/** 409 'Duplicate detected: email x already exists in clients records.' with the field named. */
export function duplicatePersonError(
  duplicate: PersonDuplicate,
  person: { email: string; contactNumber: string },
  message?: string,
): AppError {
  const what = duplicate.field === 'email' ? `email ${person.email}` : `contact number ${person.contactNumber}`;
  const text = message ?? LEAD_MESSAGES.duplicateDetected(what, duplicate.table);
  return new AppError('CONFLICT', text, { [duplicate.field]: [text] });
}
