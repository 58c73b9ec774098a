// The money invariants of issue 25, checked against the database rows after each step of the property and
// parallel tests. Written apart from the server's code: the allocation in line order and the figures are
// recomputed here by hand, so a mistake in the server's rules shows as a disagreement. The rows are read in
// one statement (a round trip per step, not one per check).
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { centsOf, type ServiceSummary } from '@crm/domain';
import type { Database } from '../src/db/database.ts';

const cents = (value: string | null | undefined) => (value == null ? 0n : centsOf(String(value)));

/** What the test itself knows: the services it made and what it recorded on them directly. */
export type MoneyScope = {
  invoiceIds: readonly string[];
  /** Service id → the amount the test recorded on the service itself (not through invoices). */
  directPaid: ReadonlyMap<string, bigint>;
  /** Ledger balances the test expects, by `${ownerId}:${currency}` (the sum of what it moved in and out). */
  ledgers?: ReadonlyMap<string, bigint>;
  /**
   * Read the Finance summary through the API (default); false compares the sums it is served from
   * (service_totals, kept by triggers) with the services themselves, without a request.
   */
  summaryThroughApi?: boolean;
};

type Money = string;
type Snapshot = {
  invoices: {
    id: string;
    total: Money;
    amount_paid: Money;
    credited: Money;
    state: string;
    deleted: boolean;
    items: { amount: Money; serviceId: string | null }[];
    received: Money;
    refunded: Money;
    moved: Money;
    notes_total: Money;
    notes: number;
    credit_lines: { index: number; amount: Money }[][];
  }[];
  payments: { id: string; amount: Money; returned: Money; receipts: number }[];
  services: { id: string; paid_amount: Money; invoice_paid_amount: Money }[];
  ledgers: { owner: string; currency: string; balance: Money; entries: Money }[];
  documents: { name: string; n: number; distinct_n: number; low: number | null; high: number | null }[];
  listed: { currency: string; n: number; fee: Money; paid: Money }[];
  totals: { currency: string; n: number; fee: Money; paid: Money }[];
};

const SNAPSHOT = `
  with scope as (select unnest($1::uuid[]) as id)
  select json_build_object(
    'invoices', coalesce((select json_agg(json_build_object(
        'id', i.id, 'total', i.total::text, 'amount_paid', i.amount_paid::text, 'credited', i.credited::text,
        'state', i.state, 'deleted', i.deleted_at is not null, 'items', i.items,
        'received', (select coalesce(sum(amount), 0) from invoice_payments where invoice_id = i.id)::numeric(16,2)::text,
        'refunded', (select coalesce(sum(amount), 0) from refunds where invoice_id = i.id)::numeric(16,2)::text,
        'moved', (select coalesce(sum(amount), 0) from client_ledger_entries
                   where invoice_id = i.id and kind = 'from_invoice')::numeric(16,2)::text,
        'notes_total', (select coalesce(sum(total), 0) from credit_notes where invoice_id = i.id)::numeric(16,2)::text,
        'notes', (select count(*) from credit_notes where invoice_id = i.id),
        'credit_lines', (select coalesce(json_agg(c.lines), '[]'::json) from credit_notes c where c.invoice_id = i.id)))
      from invoices i where i.id in (select id from scope)), '[]'::json),
    'payments', coalesce((select json_agg(json_build_object(
        'id', p.id, 'amount', p.amount::text,
        'returned', ((select coalesce(sum(amount), 0) from refunds where payment_id = p.id) +
                     (select coalesce(sum(amount), 0) from client_ledger_entries
                       where payment_id = p.id and kind = 'from_invoice'))::numeric(16,2)::text,
        'receipts', (select count(*) from receipts where payment_id = p.id and deleted_at is null)))
      from invoice_payments p where p.invoice_id in (select id from scope)), '[]'::json),
    'services', coalesce((select json_agg(json_build_object(
        'id', s.id, 'paid_amount', s.paid_amount::text, 'invoice_paid_amount', s.invoice_paid_amount::text))
      from services s where s.id = any($2::uuid[])), '[]'::json),
    'ledgers', coalesce((select json_agg(json_build_object(
        'owner', coalesce(l.lead_id, l.client_id), 'currency', l.currency, 'balance', l.balance::text,
        'entries', (select coalesce(sum(case when e.kind in ('received', 'from_invoice') then e.amount else -e.amount end), 0)
                      from client_ledger_entries e where e.ledger_id = l.id)::numeric(16,2)::text))
      from client_ledgers l where $3::uuid[] is null or coalesce(l.lead_id, l.client_id) = any($3::uuid[])), '[]'::json),
    'documents', json_build_array(
      (select json_build_object('name', 'receipts', 'n', count(*), 'distinct_n', count(distinct sequence),
         'low', min(sequence), 'high', max(sequence)) from receipts),
      (select json_build_object('name', 'credit notes', 'n', count(*), 'distinct_n', count(distinct sequence),
         'low', min(sequence), 'high', max(sequence)) from credit_notes)),
    'listed', coalesce((select json_agg(x) from (
        select currency, count(*) as n, coalesce(sum(service_fee), 0)::numeric(18,2)::text as fee,
          sum(paid_amount)::numeric(18,2)::text as paid
        from services where deleted_at is null and record_live group by currency) x), '[]'::json),
    'totals', coalesce((select json_agg(x) from (
        select currency, sum(n) as n, sum(fee)::numeric(18,2)::text as fee, sum(paid)::numeric(18,2)::text as paid
        from service_totals group by currency having sum(n) > 0) x), '[]'::json)
  ) as snapshot`;

export async function checkMoneyInvariants(db: Database, app: FastifyInstance, cookie: string, scope: MoneyScope) {
  const owners = scope.ledgers ? [...new Set([...scope.ledgers.keys()].map((key) => key.split(':')[0]!))] : null;
  const client = (
    db as unknown as {
      $client: { query: (q: string, p: unknown[]) => Promise<{ rows: { snapshot: Snapshot | string }[] }> };
    }
  ).$client;
  const { rows } = await client.query(SNAPSHOT, [[...scope.invoiceIds], [...scope.directPaid.keys()], owners]);
  const raw = rows[0]!.snapshot;
  const snapshot: Snapshot = typeof raw === 'string' ? (JSON.parse(raw) as Snapshot) : raw;
  checkInvoices(snapshot);
  checkServices(snapshot, scope.directPaid);
  checkLedgers(snapshot, scope.ledgers);
  checkDocuments(snapshot);
  const summary = (scope.summaryThroughApi ?? true) ? await summaryFromApi(app, cookie) : summaryOf(snapshot.totals);
  checkSummary(snapshot, summary);
}

/** Balance = total − credits − (payments + client credit applied − refunds − moved to the ledger) ≥ 0. */
function checkInvoices({ invoices, payments }: Snapshot) {
  for (const inv of invoices) {
    const net = cents(inv.received) - cents(inv.refunded) - cents(inv.moved);
    const balance = cents(inv.total) - cents(inv.notes_total) - net;
    const where = `invoice ${inv.id}`;
    expect(cents(inv.amount_paid), `${where}: net received`).toBe(net);
    expect(cents(inv.credited), `${where}: credited`).toBe(cents(inv.notes_total));
    expect(balance >= 0n, `${where}: balance ${balance} below zero`).toBe(true);
    expect(net >= 0n, `${where}: net received ${net} below zero`).toBe(true);
    const expected =
      inv.notes > 0 && cents(inv.notes_total) === cents(inv.total)
        ? 'cancelled'
        : net > 0n && balance === 0n
          ? 'paid'
          : net > 0n
            ? 'partially_paid'
            : 'drafts';
    expect(inv.state, `${where}: state`).toBe(expected);
  }
  // Each payment gives back at most what it brought, and has at most one live receipt.
  for (const p of payments) {
    expect(cents(p.returned) <= cents(p.amount), `payment ${p.id} returned more than it brought`).toBe(true);
    expect(p.receipts, `payment ${p.id}: live receipts`).toBeLessThanOrEqual(1);
  }
}

/**
 * Each service's paid amount = what was recorded on it + what the invoices billing it paid, the invoices'
 * net money covering their lines in order, each line up to its uncredited amount.
 */
function checkServices({ invoices, services }: Snapshot, directPaid: ReadonlyMap<string, bigint>) {
  const expectedInvoicePaid = new Map<string, bigint>([...directPaid.keys()].map((id) => [id, 0n]));
  for (const invoice of invoices.filter((i) => !i.deleted)) {
    const credited = invoice.items.map(() => 0n);
    for (const note of invoice.credit_lines) for (const line of note) credited[line.index]! += cents(line.amount);
    let left = cents(invoice.amount_paid);
    invoice.items.forEach((item, i) => {
      const open = cents(item.amount) - credited[i]!;
      const paid = open > 0n ? (left < open ? left : open) : 0n;
      left -= paid;
      if (item.serviceId && expectedInvoicePaid.has(item.serviceId)) {
        expectedInvoicePaid.set(item.serviceId, expectedInvoicePaid.get(item.serviceId)! + paid);
      }
    });
  }
  for (const s of services) {
    expect(cents(s.invoice_paid_amount), `service ${s.id}: paid through invoices`).toBe(expectedInvoicePaid.get(s.id));
    expect(cents(s.paid_amount), `service ${s.id}: paid = recorded + invoices`).toBe(
      directPaid.get(s.id)! + expectedInvoicePaid.get(s.id)!,
    );
  }
}

/** Every ledger's balance is the sum of its entries, never below zero, and what the test expects. */
function checkLedgers({ ledgers }: Snapshot, expected: ReadonlyMap<string, bigint> | undefined) {
  for (const l of ledgers) {
    expect(cents(l.balance), `ledger ${l.owner} ${l.currency}: balance = entries`).toBe(cents(l.entries));
    expect(cents(l.balance) >= 0n, `ledger ${l.owner} ${l.currency} below zero`).toBe(true);
  }
  for (const [key, balance] of expected ?? []) {
    const [owner, currency] = key.split(':');
    const found = ledgers.find((l) => l.owner === owner && l.currency === currency);
    expect(cents(found?.balance ?? '0'), `ledger ${key}`).toBe(balance);
  }
}

/** Receipt and credit-note numbers are unique and leave no gap. */
function checkDocuments({ documents }: Snapshot) {
  for (const c of documents) {
    const n = Number(c.n);
    expect(Number(c.distinct_n), `${c.name}: unique numbers`).toBe(n);
    if (n > 0) expect(Number(c.high) - Number(c.low) + 1, `${c.name}: no gap`).toBe(n);
  }
}

/** The Finance overview's summary (kept by triggers) equals the sum of the services it lists. */
function checkSummary({ listed }: Snapshot, summary: ServiceSummary) {
  for (const s of listed) {
    const group = summary.currencies.find((c) => c.currency === s.currency);
    expect(group, `summary has ${s.currency}`).toBeDefined();
    expect(group!.serviceCount, `${s.currency}: count`).toBe(Number(s.n));
    expect(cents(group!.totalRevenue), `${s.currency}: fees`).toBe(cents(s.fee));
    expect(cents(group!.totalPaid), `${s.currency}: paid`).toBe(cents(s.paid));
  }
  expect(summary.totalServices).toBe(listed.reduce((n, s) => n + Number(s.n), 0));
}

async function summaryFromApi(app: FastifyInstance, cookie: string): Promise<ServiceSummary> {
  const res = await app.inject({ method: 'GET', url: '/api/services/summary', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ServiceSummary;
}

/** What the unfiltered summary is served from: the maintained service_totals rows, per currency. */
function summaryOf(totals: Snapshot['totals']): ServiceSummary {
  return {
    totalServices: totals.reduce((n, t) => n + Number(t.n), 0),
    currencies: totals.map((t) => ({
      currency: t.currency,
      serviceCount: Number(t.n),
      totalRevenue: t.fee,
      totalPaid: t.paid,
      pendingPayments: '0.00',
      activeCount: 0,
      completedCount: 0,
    })),
  };
}
