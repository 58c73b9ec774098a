// Client money of a lead or client (issue 25; docs/decisions/0023): read with the Finance module on a record
// the user may see; money received for the client and refunds out of the ledger written with finance:edit.
// The ledger row is locked and its version checked first (409 when stale), each write is one transaction
// with its audit row on the record and a change event, so the record's panel refreshes.
import {
  centsOf,
  type ClientMoney,
  type ClientMoneyInput,
  CLIENT_MESSAGES,
  CONVERTED_STATUS,
  futureMoneyDate,
  formatMoney,
  INVOICE_MONEY_MESSAGES,
  LEAD_MESSAGES,
  type LedgerRefundInput,
  REVERTED_STATUS,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import type { Actor } from '../../plugins/actor.ts';
import { AppError, conflict, notFound, validationError } from '../../plugins/errors.ts';
import { publishChange, recordChange } from '../../platform/audit/record-change.ts';
import { findClient } from '../clients/clients.repository.ts';
import { findLead } from '../leads/leads.repository.ts';
import { readFirmToday } from '../../platform/settings/settings.repository.ts';
import type { LedgerOwner } from '../record-kit/child-records.repository.ts';
import {
  insertRefund,
  ledgerOwnerOf,
  ledgersOf,
  lockLedger,
  lockOrCreateLedger,
  postEntry,
} from './client-money.repository.ts';

/** The record, when the user may see it (404 otherwise); for a write, not a read-only one (409). */
async function recordFor(tx: Executor, actor: Actor, owner: LedgerOwner, access: 'view' | 'edit') {
  if (owner.type === 'lead') {
    const lead = await findLead(tx, actor.viewer, owner.id);
    if (!lead) throw notFound('Lead');
    if (access === 'edit' && lead.leadStatus === CONVERTED_STATUS) {
      throw new AppError('CONFLICT', LEAD_MESSAGES.readOnlyConverted);
    }
    return { name: `${lead.firstName} ${lead.lastName}` };
  }
  const client = await findClient(tx, actor.viewer, owner.id);
  if (!client) throw notFound('Client');
  if (access === 'edit' && client.status === REVERTED_STATUS) {
    throw new AppError('CONFLICT', CLIENT_MESSAGES.readOnlyReverted);
  }
  return { name: `${client.firstName} ${client.lastName}` };
}

async function ledgerChanged(tx: Executor, actor: Actor, owner: LedgerOwner, action: string, values: object) {
  await recordChange(tx, actor.ctx, {
    action,
    resourceType: owner.type === 'lead' ? 'LEAD' : 'CLIENT',
    resourceId: owner.id,
    newValues: values as Record<string, unknown>,
  });
  await publishChange(tx, actor.ctx, owner.type, action, owner.id);
}

export async function readClientMoney(db: Database, actor: Actor, owner: LedgerOwner): Promise<ClientMoney> {
  await recordFor(db, actor, owner, 'view');
  return { ledgers: await ledgersOf(db, owner) };
}

/** Money received to hold for the client: into its ledger in that currency (created with the first money). */
export async function receiveClientMoney(
  db: Database,
  actor: Actor,
  owner: LedgerOwner,
  input: ClientMoneyInput,
): Promise<ClientMoney> {
  return db.transaction(async (tx) => {
    await recordFor(tx, actor, owner, 'edit');
    const ledger = await lockOrCreateLedger(tx, owner, input.currency);
    if (ledger.version !== input.version) throw conflict();
    if (futureMoneyDate(input.receivedDate, await readFirmToday(tx))) {
      throw validationError({ receivedDate: [INVOICE_MONEY_MESSAGES.receivedInFuture] });
    }
    const after = await postEntry(tx, ledger, {
      kind: 'received',
      entryDate: input.receivedDate,
      amount: centsOf(input.amount),
      method: input.method,
      reference: input.reference ?? null,
      createdBy: actor.ctx.actorId,
    });
    await ledgerChanged(tx, actor, owner, 'RECEIVE_CLIENT_MONEY', {
      currency: input.currency,
      amount: input.amount,
      receivedDate: input.receivedDate,
      method: input.method,
      balance: formatMoney(centsOf(after.balance)),
    });
    return { ledgers: await ledgersOf(tx, owner) };
  });
}

/** Client money paid back: out of the ledger, with a refund record; never more than the ledger holds. */
export async function refundClientMoney(
  db: Database,
  actor: Actor,
  ledgerId: string,
  input: LedgerRefundInput,
): Promise<ClientMoney> {
  return db.transaction(async (tx) => {
    const ledger = await lockLedger(tx, ledgerId);
    if (!ledger) throw new AppError('NOT_FOUND', INVOICE_MONEY_MESSAGES.ledgerNotFound);
    const owner = ledgerOwnerOf(ledger);
    const record = await recordFor(tx, actor, owner, 'view').catch((error: unknown) => {
      // A ledger of a record the user may not see is not there for them.
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        throw new AppError('NOT_FOUND', INVOICE_MONEY_MESSAGES.ledgerNotFound);
      }
      throw error;
    });
    if (ledger.version !== input.version) throw conflict();
    const amount = centsOf(input.amount);
    if (amount > centsOf(ledger.balance)) throw validationError({ amount: [INVOICE_MONEY_MESSAGES.ledgerRefundOver] });
    if (futureMoneyDate(input.refundDate, await readFirmToday(tx))) {
      throw validationError({ refundDate: [INVOICE_MONEY_MESSAGES.refundInFuture] });
    }
    const refund = await insertRefund(tx, {
      refundDate: input.refundDate,
      amount: formatMoney(amount),
      currency: ledger.currency,
      method: input.method,
      reference: input.reference ?? null,
      clientName: record.name,
      ledgerId: ledger.id,
      createdBy: actor.ctx.actorId,
    });
    const after = await postEntry(tx, ledger, {
      kind: 'refunded',
      entryDate: input.refundDate,
      amount,
      method: input.method,
      reference: input.reference ?? null,
      refundId: refund.id,
      createdBy: actor.ctx.actorId,
    });
    await ledgerChanged(tx, actor, owner, 'REFUND_CLIENT_MONEY', {
      currency: ledger.currency,
      amount: formatMoney(amount),
      refundDate: input.refundDate,
      method: input.method,
      balance: formatMoney(centsOf(after.balance)),
    });
    return { ledgers: await ledgersOf(tx, owner) };
  });
}
