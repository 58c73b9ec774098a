// The SQL of the duplicate-person check (person-duplicates.ts): its advisory locks, and a live lead or an
// active client with the same email or contact number, firm-wide.
import { and, sql } from 'drizzle-orm';
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

/** A transaction-scoped advisory lock on the key, shared: other shared holders pass, an exclusive one waits. */
export async function lockSharedUntilCommit(db: Executor, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))`);
}

/** A transaction-scoped advisory lock on the key, exclusive: the next transaction taking it waits for the commit. */
export async function lockUntilCommit(db: Executor, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
