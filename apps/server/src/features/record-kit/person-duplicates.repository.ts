// The SQL of the duplicate-person check (person-duplicates.ts): a live lead or an active client with the
// same email or contact number, firm-wide.
import { and } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { findSameEmailOrNumber } from '../../db/contact-number-e164.ts';
import { clientIsActive, clients, leadIsLive, leads } from '../../db/schema/index.ts';

/**
 * A live lead (any visibility: duplicates are firm-wide) with the same email (case-insensitive) or the same
 * contact number (E.164, see sameContactNumber); says which matched first.
 */
export async function findDuplicateLead(
  db: Executor,
  candidate: { email: string; contactNumber: string; excludeId?: string },
): Promise<
  { field: 'email' | 'contactNumber'; lead: { id: string; email: string; contactNumber: string } } | undefined
> {
  const found = await findSameEmailOrNumber(leads, candidate, async (where) => {
    const [row] = await db
      .select({ id: leads.id, email: leads.email, contactNumber: leads.contactNumber })
      .from(leads)
      .where(and(leadIsLive(), where))
      .limit(1);
    return row;
  });
  return found && { field: found.field, lead: found.row };
}

/**
 * An active client (not deleted, not Reverted; any visibility: duplicates are firm-wide) with the same
 * email (case-insensitive) or the same contact number (E.164, see sameContactNumber); says which matched first.
 */
export async function findDuplicateClient(
  db: Executor,
  candidate: { email: string; contactNumber: string; excludeId?: string | null },
): Promise<{ field: 'email' | 'contactNumber'; id: string } | undefined> {
  const found = await findSameEmailOrNumber(clients, candidate, async (where) => {
    const [row] = await db.select({ id: clients.id }).from(clients).where(and(clientIsActive(), where)).limit(1);
    return row;
  });
  return found && { field: found.field, id: found.row.id };
}
