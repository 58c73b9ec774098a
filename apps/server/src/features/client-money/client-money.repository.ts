// The only place that reads and writes the client ledgers (docs/decisions/0023). A ledger row is locked
// (FOR UPDATE) before its balance moves, so concurrent writes queue on it; the balance is kept with the
// entries in the same statement order, and the table's check refuses a balance below zero.
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  CLIENT_LEDGER_ENTRIES,
  type ClientLedger,
  type Currency,
  formatMoney,
  centsOf,
  LEDGER_ENTRY_SIGN,
  type LedgerEntryKind,
} from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { type LedgerOwner, type LedgerRow, lockLedgerOf, ownerColumn } from '../record-kit/child-records.repository.ts';
import { isUuid } from '../../db/list-query.ts';
import { clientLedgerEntries, clientLedgers, creditNotes, invoices, refunds } from '../../db/schema/index.ts';

export const ledgerOwnerOf = (row: Pick<LedgerRow, 'leadId' | 'clientId'>): LedgerOwner =>
  row.leadId ? { type: 'lead', id: row.leadId } : { type: 'client', id: row.clientId! };

/** The owner's ledger in a currency, created empty (version 0) when there is none, and locked. */
export async function lockOrCreateLedger(tx: Executor, owner: LedgerOwner, currency: string): Promise<LedgerRow> {
  await tx
    .insert(clientLedgers)
    .values({
      leadId: owner.type === 'lead' ? owner.id : null,
      clientId: owner.type === 'client' ? owner.id : null,
      currency,
    })
    .onConflictDoNothing();
  const row = await lockLedgerOf(tx, owner, currency);
  if (!row) throw new Error('client ledger missing after insert');
  return row;
}

/** A ledger by id, locked. */
export async function lockLedger(tx: Executor, id: string): Promise<LedgerRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(clientLedgers).where(eq(clientLedgers.id, id)).for('update');
  return row;
}

export type EntryValues = {
  kind: LedgerEntryKind;
  entryDate: string;
  amount: bigint;
  method?: string | null;
  reference?: string | null;
  invoiceId?: string | null;
  paymentId?: string | null;
  creditNoteId?: string | null;
  refundId?: string | null;
  createdBy: string | null;
};

/**
 * Writes an entry and moves the (locked) ledger's balance by it; the version moves too, so a client holding
 * the old version gets 409. Returns the ledger as it now is.
 */
export async function postEntry(tx: Executor, ledger: LedgerRow, entry: EntryValues): Promise<LedgerRow> {
  await tx.insert(clientLedgerEntries).values({
    ledgerId: ledger.id,
    kind: entry.kind,
    entryDate: entry.entryDate,
    amount: formatMoney(entry.amount),
    method: entry.method ?? null,
    reference: entry.reference ?? null,
    invoiceId: entry.invoiceId ?? null,
    paymentId: entry.paymentId ?? null,
    creditNoteId: entry.creditNoteId ?? null,
    refundId: entry.refundId ?? null,
    createdBy: entry.createdBy,
  });
  const delta = BigInt(LEDGER_ENTRY_SIGN[entry.kind]) * entry.amount;
  const [row] = await tx
    .update(clientLedgers)
    .set({
      balance: sql`${clientLedgers.balance} + ${formatMoney(delta)}::numeric`,
      version: sql`${clientLedgers.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(clientLedgers.id, ledger.id))
    .returning();
  return row!;
}

/** The owner's ledgers with their newest entries, for the record's panel. */
export async function ledgersOf(db: Executor, owner: LedgerOwner): Promise<ClientLedger[]> {
  const ledgers = await db
    .select()
    .from(clientLedgers)
    .where(eq(ownerColumn(owner), owner.id))
    .orderBy(clientLedgers.currency);
  // One ledger after another: inside a transaction the queries share one connection.
  const result: ClientLedger[] = [];
  for (const ledger of ledgers) {
    const entries = await db
      .select({
        entry: clientLedgerEntries,
        invoiceNumber: invoices.invoiceNumber,
        creditNoteNumber: creditNotes.creditNoteNumber,
      })
      .from(clientLedgerEntries)
      .leftJoin(invoices, eq(invoices.id, clientLedgerEntries.invoiceId))
      .leftJoin(creditNotes, eq(creditNotes.id, clientLedgerEntries.creditNoteId))
      .where(eq(clientLedgerEntries.ledgerId, ledger.id))
      .orderBy(desc(clientLedgerEntries.createdAt), desc(clientLedgerEntries.id))
      .limit(CLIENT_LEDGER_ENTRIES);
    result.push({
      id: ledger.id,
      currency: ledger.currency as Currency,
      balance: formatMoney(centsOf(ledger.balance)),
      version: ledger.version,
      entries: entries.map(({ entry, invoiceNumber, creditNoteNumber }) => ({
        id: entry.id,
        kind: entry.kind as LedgerEntryKind,
        entryDate: entry.entryDate,
        amount: formatMoney(centsOf(entry.amount)),
        method: entry.method,
        reference: entry.reference,
        invoiceId: entry.invoiceId,
        invoiceNumber: invoiceNumber ?? null,
        creditNoteNumber: creditNoteNumber ?? null,
        createdAt: entry.createdAt.toISOString(),
      })),
    });
  }
  return result;
}

/** What the owner holds in a currency (0 without a ledger), unlocked: for showing, not for spending. */
export async function balanceOf(db: Executor, owner: LedgerOwner, currency: string): Promise<bigint> {
  const [row] = await db
    .select({ balance: clientLedgers.balance })
    .from(clientLedgers)
    .where(and(eq(ownerColumn(owner), owner.id), eq(clientLedgers.currency, currency)));
  return row ? centsOf(row.balance) : 0n;
}

/** A refund paid out of a ledger (client money) or of an invoice's payments (invoice money). */
export async function insertRefund(
  tx: Executor,
  values: typeof refunds.$inferInsert,
): Promise<typeof refunds.$inferSelect> {
  const [row] = await tx.insert(refunds).values(values).returning();
  return row!;
}
