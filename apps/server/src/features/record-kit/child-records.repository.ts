// The SQL by which a record's children follow it (child-records.ts): moved on conversion and reversion,
// their files found before a purge. The ledgers' locking and moving live here too, below client money
// (client-money.repository.ts keeps every other read and write of the ledgers, docs/decisions/0023), so
// that the record kit needs no feature above it.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import {
  clientLedgerEntries,
  clientLedgers,
  contracts,
  invoicePayments,
  invoices,
  refunds,
  services,
  taskNotes,
} from '../../db/schema/index.ts';
import type { ParentType } from './child-records.ts';

export type LedgerRow = typeof clientLedgers.$inferSelect;

/** The lead or client a ledger belongs to. */
export type LedgerOwner = { type: 'lead' | 'client'; id: string };

export const ownerColumn = (owner: LedgerOwner) =>
  owner.type === 'lead' ? clientLedgers.leadId : clientLedgers.clientId;

/** The owner's ledger in a currency, locked for the transaction; undefined when it holds none yet. */
export async function lockLedgerOf(tx: Executor, owner: LedgerOwner, currency: string): Promise<LedgerRow | undefined> {
  const [row] = await tx
    .select()
    .from(clientLedgers)
    .where(and(eq(ownerColumn(owner), owner.id), eq(clientLedgers.currency, currency)))
    .for('update');
  return row;
}

/** Whether the owner holds any money at all (a purge is refused while it does). */
export async function holdsMoney(db: Executor, owner: LedgerOwner): Promise<boolean> {
  const [row] = await db
    .select({ id: clientLedgers.id })
    .from(clientLedgers)
    .where(and(eq(ownerColumn(owner), owner.id), sql`${clientLedgers.balance} > 0`))
    .limit(1);
  return row !== undefined;
}

/**
 * Moves the ledgers of one record to another (conversion, reversion). A currency both already hold is
 * merged into the target's ledger: its entries move and the balances add.
 */
export async function moveLedgers(tx: Executor, from: LedgerOwner, to: LedgerOwner): Promise<void> {
  const moving = await tx
    .select()
    .from(clientLedgers)
    .where(eq(ownerColumn(from), from.id))
    .for('update');
  for (const ledger of moving) {
    const existing = await lockLedgerOf(tx, to, ledger.currency);
    if (!existing) {
      await tx
        .update(clientLedgers)
        .set({
          leadId: to.type === 'lead' ? to.id : null,
          clientId: to.type === 'client' ? to.id : null,
          version: sql`${clientLedgers.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(clientLedgers.id, ledger.id));
      continue;
    }
    await tx
      .update(clientLedgerEntries)
      .set({ ledgerId: existing.id })
      .where(eq(clientLedgerEntries.ledgerId, ledger.id));
    await tx.update(refunds).set({ ledgerId: existing.id }).where(eq(refunds.ledgerId, ledger.id));
    await tx.update(invoicePayments).set({ ledgerId: existing.id }).where(eq(invoicePayments.ledgerId, ledger.id));
    await tx
      .update(clientLedgers)
      .set({
        balance: sql`${clientLedgers.balance} + ${ledger.balance}::numeric`,
        version: sql`${clientLedgers.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(clientLedgers.id, existing.id));
    await tx.delete(clientLedgers).where(eq(clientLedgers.id, ledger.id));
  }
}

/** The lead's children now belong to the client it became. */
export async function moveChildrenToClient(tx: Executor, leadId: string, clientId: string): Promise<void> {
  await tx
    .update(services)
    .set({ leadId: null, clientId, transferredFromLeadId: leadId })
    .where(eq(services.leadId, leadId));
  await tx
    .update(taskNotes)
    .set({ leadId: null, clientId, transferredFromLeadId: leadId })
    .where(eq(taskNotes.leadId, leadId));
  await tx.update(invoices).set({ leadId: null, clientId }).where(eq(invoices.leadId, leadId));
  await tx.update(contracts).set({ leadId: null, clientId }).where(eq(contracts.leadId, leadId));
  await moveLedgers(tx, { type: 'lead', id: leadId }, { type: 'client', id: clientId });
}

/** The client's children go back to the lead it was converted from (the client becomes Reverted). */
export async function moveChildrenToLead(tx: Executor, clientId: string, leadId: string): Promise<void> {
  await tx
    .update(services)
    .set({ clientId: null, leadId, transferredFromLeadId: null })
    .where(eq(services.clientId, clientId));
  await tx
    .update(taskNotes)
    .set({ clientId: null, leadId, transferredFromLeadId: null })
    .where(eq(taskNotes.clientId, clientId));
  await tx.update(invoices).set({ clientId: null, leadId }).where(eq(invoices.clientId, clientId));
  await tx.update(contracts).set({ clientId: null, leadId }).where(eq(contracts.clientId, clientId));
  await moveLedgers(tx, { type: 'client', id: clientId }, { type: 'lead', id: leadId });
}

/**
 * The stored files of a record's children, read in the purge's transaction before the rows go (the
 * foreign keys delete the rows; the files are removed once the purge has committed).
 */
export async function childFileKeys(tx: Executor, parent: { type: ParentType; id: string }): Promise<string[]> {
  const column = parent.type === 'lead' ? services.leadId : services.clientId;
  const rows = await tx
    .select({ key: services.paymentEvidenceKey })
    .from(services)
    .where(and(eq(column, parent.id), isNotNull(services.paymentEvidenceKey)));
  return rows.map((r) => r.key!);
}
