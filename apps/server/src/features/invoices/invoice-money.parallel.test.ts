// Money writes under parallel requests (issue 25 item 6): each money write fired 20 times at once with the
// same version — exactly one succeeds, the other 19 are told the invoice (or ledger) changed (409) — and 20
// times by 20 writers that each re-read before writing and retry when told it changed, so all 20 land. The
// money invariants (test/money-invariants.ts) are checked after each burst. On PostgreSQL the requests truly
// race. The embedded database has one connection, where requests queue: the same-version burst must answer
// the same there; the re-reading writers only race on PostgreSQL, so they run there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_EXAMPLE } from '@crm/domain';
import { idPath, type JsonBody } from '../../../test/api-client.ts';
import { testDatabaseUrl } from '../../../test/build-test-app.ts';
import { checkMoneyInvariants } from '../../../test/money-invariants.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';
import { readFirmToday } from '../../platform/settings/settings.repository.ts';

const N = 20;

let f: Fixture;
let today: string;
let cookie: string;
let clientId: string;
const invoiceIds: string[] = [];
const directPaid = new Map<string, bigint>();

beforeAll(async () => {
  f = await createFixture();
  today = await readFirmToday(f.t.database.db);
  cookie = await f.t.signIn('administrator');
  clientId = (await f.convertedLead()).client.id;
});
afterAll(async () => {
  await f?.t.close();
});

/** What the checks read of a typed call's answer. */
type Answer = { response: Response; error?: unknown };

const admin = () => f.api('administrator');

async function invariants() {
  await checkMoneyInvariants(f.t.database.db, f.t.app, cookie, { invoiceIds, directPaid });
}

const invoice = async (id: string) => (await admin().GET('/api/invoices/{id}', idPath(id))).data!;
const ledger = async () => (await admin().GET('/api/clients/{id}/client-money', idPath(clientId))).data!.ledgers[0]!;

async function newInvoice(rate = '5000.00') {
  const fee = (
    await admin().POST('/api/clients/{id}/services', {
      ...idPath(clientId),
      body: { serviceName: 'Professional Fee - Student Visa', serviceFee: rate, paidAmount: '0', currency: 'AUD' },
    })
  ).data!;
  directPaid.set(fee.id, 0n);
  const res = await admin().POST('/api/invoices', {
    body: {
      ...INVOICE_EXAMPLE,
      issueDate: today,
      dueDate: today,
      entityType: 'client',
      entityId: clientId,
      items: [{ description: 'Professional fee', quantity: '1', rate, taxable: true, serviceId: fee.id }],
    },
  });
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  invoiceIds.push(res.data!.id);
  return res.data!;
}

/**
 * `request` N times at once, with one version: exactly one answers `success`, the others are told it changed
 * (409); then the money invariants hold.
 */
async function oneWins(request: () => Promise<Answer>, success = 200) {
  const codes = (await Promise.all(Array.from({ length: N }, request))).map((r) => r.response.status);
  expect(
    codes.filter((c) => c === success),
    codes.join(','),
  ).toHaveLength(1);
  expect(
    codes.filter((c) => c === 409),
    codes.join(','),
  ).toHaveLength(N - 1);
  await invariants();
}

/** N writers, each reading the version before writing and trying again when told it changed. */
async function writers(write: (i: number) => Promise<Answer>, success = 200) {
  const results = await Promise.all(
    Array.from({ length: N }, async (_, i) => {
      for (let attempt = 0; attempt < 10 * N; attempt++) {
        const res = await write(i);
        if (res.response.status !== 409) return res;
      }
      throw new Error(`writer ${i} was told it changed ${10 * N} times`);
    }),
  );
  for (const res of results) expect(res.response.status, JSON.stringify(res.error)).toBe(success);
}

describe(`each money write fired ${N} times at once`, () => {
  it(
    'with one version: one payment, client credit, credit note, cancellation, deposit, refund, receipt and edit',
    { timeout: 1_800_000 },
    async () => {
      const a = await newInvoice();
      await oneWins(() =>
        admin().POST('/api/invoices/{id}/mark-paid', {
          ...idPath(a.id),
          body: { amount: '10.00', version: a.version },
        }),
      );

      await oneWins(() =>
        admin().POST('/api/clients/{id}/client-money', {
          ...idPath(clientId),
          body: { currency: 'AUD', amount: '100.00', receivedDate: today, method: 'Cash', version: 0 },
        }),
      );
      const held = await ledger();
      await oneWins(() =>
        admin().POST('/api/client-ledgers/{id}/refund', {
          ...idPath(held.id),
          body: { amount: '1.00', refundDate: today, method: 'Cash', version: held.version },
        }),
      );

      const b = await invoice(a.id);
      await oneWins(() =>
        admin().POST('/api/invoices/{id}/apply-client-credit', {
          ...idPath(a.id),
          body: { amount: '5.00', version: b.version },
        }),
      );

      const c = await invoice(a.id);
      await oneWins(() =>
        admin().POST('/api/invoices/{id}/credit-notes', {
          ...idPath(a.id),
          body: { reason: 'Parallel part credit', lines: [{ index: 0, amount: '1.00' }], version: c.version },
        }),
      );

      const d = await invoice(a.id);
      await oneWins(() =>
        admin().PUT('/api/invoices/{id}', {
          ...idPath(a.id),
          body: {
            ...INVOICE_EXAMPLE,
            issueDate: today,
            dueDate: today,
            entityType: 'client',
            entityId: clientId,
            items: d.items.map(({ description, quantity, rate, taxable, serviceId }) => ({
              description,
              quantity,
              rate,
              taxable,
              serviceId,
            })),
            notes: 'Edited in parallel',
            version: d.version,
          },
        }),
      );

      const e = await invoice(a.id);
      await oneWins(
        () => admin().POST('/api/invoices/{id}/receipt', { ...idPath(a.id), body: { paymentId: e.payments[0]!.id } }),
        201,
      );

      const g = await invoice(a.id);
      const money: JsonBody<'/api/invoices/{id}/cancel', 'post'>['money'] = g.payments.map((p) => ({
        paymentId: p.id,
        action: 'client_credit',
        amount: p.remaining,
      }));
      await oneWins(() =>
        admin().POST('/api/invoices/{id}/cancel', {
          ...idPath(a.id),
          body: { reason: 'Parallel cancel', money, version: g.version },
        }),
      );
      expect((await invoice(a.id)).state).toBe('cancelled');
      const database = f.t.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
      console.log(
        `Money parallel test (${database}): 8 money writes × ${N} at once with one version, one success each`,
      );
    },
  );

  it.runIf(testDatabaseUrl() !== null)(
    'by writers who re-read first: every payment, credit, deposit, refund and receipt lands once',
    { timeout: 1_800_000 },
    async () => {
      const a = await newInvoice();
      await writers(async () => {
        const now = await invoice(a.id);
        return admin().POST('/api/invoices/{id}/mark-paid', {
          ...idPath(a.id),
          body: { amount: '10.00', version: now.version },
        });
      });
      const paid = await invoice(a.id);
      expect(paid.payments).toHaveLength(N);
      expect(paid.amountPaid).toBe(`${N * 10}.00`);
      await invariants();

      await writers(async () => {
        const now = await ledger().catch(() => undefined);
        return admin().POST('/api/clients/{id}/client-money', {
          ...idPath(clientId),
          body: {
            currency: 'AUD',
            amount: '5.00',
            receivedDate: today,
            method: 'Bank Transfer',
            version: now?.version ?? 0,
          },
        });
      });
      await invariants();
      await writers(async () => {
        const now = await ledger();
        return admin().POST('/api/client-ledgers/{id}/refund', {
          ...idPath(now.id),
          body: { amount: '1.00', refundDate: today, method: 'Cash', version: now.version },
        });
      });
      await invariants();
      await writers(async () => {
        const now = await invoice(a.id);
        return admin().POST('/api/invoices/{id}/apply-client-credit', {
          ...idPath(a.id),
          body: { amount: '1.00', version: now.version },
        });
      });
      await invariants();
      await writers(async () => {
        const now = await invoice(a.id);
        return admin().POST('/api/invoices/{id}/credit-notes', {
          ...idPath(a.id),
          body: { reason: 'Parallel credits', lines: [{ index: 0, amount: '1.00' }], version: now.version },
        });
      });
      const credited = await invoice(a.id);
      expect(credited.creditNotes).toHaveLength(N);
      await invariants();

      // One receipt per payment, all at once: numbers without a gap (checked by the invariants).
      const payments = credited.payments;
      const codes = await Promise.all(
        payments.map((p) =>
          admin()
            .POST('/api/invoices/{id}/receipt', { ...idPath(a.id), body: { paymentId: p.id } })
            .then((r) => r.response.status),
        ),
      );
      expect(codes.every((c) => c === 201)).toBe(true);
      await invariants();
      console.log(`Money parallel test (PostgreSQL): 5 money writes by ${N} re-reading writers each, all landed`);
    },
  );
});
