// The duplicate-contact check across leads and clients (DECISIONS.md §2: email and contact number),
// reported as a 409 naming the field. The check takes a lock on the person's email and number first, so
// two saves of one person cannot both pass it, on any server process (a unique index on lead emails
// remains as a last backstop: the error handler's 23505 → 409).
import { contactNumberKey, LEAD_MESSAGES } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  findDuplicateClient,
  findDuplicateLead,
  lockSharedUntilCommit,
  lockUntilCommit,
} from './person-duplicates.repository.ts';

/** The advisory lock key every duplicate check takes shared and an import exclusively. */
export const PERSON_IMPORT_LOCK = 'person-import';

export type PersonDuplicate = { table: 'leads' | 'clients'; field: 'email' | 'contactNumber' };

/**
 * The person keys two records may not share: the email and the contact number, in E.164 when it is a
 * valid number ('0412 345 678' and '+61 412 345 678' take one lock), else its digits.
 */
function personKeys(person: { email: string; contactNumber: string }): string[] {
  const { e164, digits } = contactNumberKey(person.contactNumber);
  const number = e164 ?? digits;
  return [`person-email:${person.email.trim().toLowerCase()}`, ...(number ? [`person-number:${number}`] : [])].sort();
}

/**
 * Transaction-scoped advisory locks on the person's keys: a second transaction saving the same email or
 * number waits here until the first commits, then sees its row. Taken in sorted order, so two saves
 * sharing both keys cannot deadlock. Must run inside the saving transaction.
 */
async function lockPerson(db: Executor, person: { email: string; contactNumber: string }): Promise<void> {
  // Shared with every other single save, exclusive to an import (features/imports): an import waits for
  // the saves already checking, and saves wait for the import, which checks its whole file at once.
  await lockSharedUntilCommit(db, PERSON_IMPORT_LOCK);
  for (const key of personKeys(person)) await lockUntilCommit(db, key);
}

/**
 * A live lead or an active client (firm-wide) with the same email or contact number, leaving out the
 * records that are this person already (the lead a client came from, the client itself).
 */
export async function findDuplicatePerson(
  db: Executor,
  person: { email: string; contactNumber: string },
  exclude: { leadId?: string | null; clientId?: string | null } = {},
): Promise<PersonDuplicate | undefined> {
  await lockPerson(db, person);
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
