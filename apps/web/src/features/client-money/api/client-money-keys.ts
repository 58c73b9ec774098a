// Where a record's client money lives in the query cache. The key sits under the record's own ('lead' /
// 'client'): every ledger write publishes the record's change event (money received, a refund, client credit
// applied to an invoice, money kept from a credited invoice), so the live updates of lib/live-updates.ts
// refresh it in every tab without a rule of their own.

/** The lead or client whose ledgers these are. */
export type ClientMoneyOwner = { type: 'lead' | 'client'; id: string };

export const clientMoneyKeys = {
  ofRecord: (owner: ClientMoneyOwner) => [owner.type, 'client-money', owner.id] as const,
};
