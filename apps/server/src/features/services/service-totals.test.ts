// The Finance overview's maintained sums (service_totals, kept by triggers) stay equal to summing the listed
// services whatever happens to them or to their records: random sequences of service writes and record
// lifecycle steps (conversion, reversion, archive, restore, soft delete, purge, a many-row statement), and
// the summary endpoint answers the same from the totals as from the services themselves.
import { fc, it } from '@fast-check/vitest';
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { CURRENCIES, SERVICE_STATUSES } from '@crm/domain';
import { idPath, type Query } from '../../../test/api-client.ts';
import { fixtureForFile } from '../../../test/record-fixtures.ts';
import { isLifecycleStep, pickFrom, recordLifecycle } from '../../../test/record-lifecycle.ts';

const f = fixtureForFile();

const OPERATIONS = [
  'createLead',
  'createClient',
  'addToLead',
  'addToClient',
  'editService',
  'deleteService',
  'restoreService',
  'convertLead',
  'revertClient',
  'archiveLead',
  'restoreContactToLead',
  'deleteLead',
  'restoreDeletedLead',
  'purgeLead',
  'payManyInFull',
] as const;
type Operation = (typeof OPERATIONS)[number];

const { ids, liveLeads, liveClients, step } = recordLifecycle(f);

/** A fee (or none), a payment that may be part, all or more than it, in a currency and status from `pick`. */
function serviceBody(pick: number) {
  const fee = pick % 7 === 0 ? null : `${(pick % 5000) + 0.1}`.replace(/(\.\d)$/, '$10');
  const paid = pick % 3 === 0 ? '0' : pick % 3 === 1 ? `${(pick % 997) / 10}` : (fee ?? '0');
  return {
    serviceName: 'Consultation Fee',
    serviceFee: fee,
    paidAmount: paid,
    currency: CURRENCIES[pick % CURRENCIES.length],
    serviceStatus: SERVICE_STATUSES[(pick >> 2) % SERVICE_STATUSES.length],
  };
}

async function run(op: Operation, pick: number): Promise<void> {
  const liveServices = () => ids(sql`select id from services where deleted_at is null order by id`);
  let status = 200;
  const answered = (res: { response: Response }) => {
    status = res.response.status;
  };
  const admin = f.api('administrator');
  if (isLifecycleStep(op)) {
    status = (await step(op, pick)) ?? status;
  } else {
    switch (op) {
      case 'createLead':
        answered(await admin.POST('/api/leads', { body: f.leadInput() }));
        break;
      case 'createClient':
        answered(await admin.POST('/api/clients', { body: f.clientInput() }));
        break;
      case 'addToLead': {
        const id = pickFrom(await liveLeads(), pick);
        if (id) answered(await admin.POST('/api/leads/{id}/services', { ...idPath(id), body: serviceBody(pick) }));
        break;
      }
      case 'addToClient': {
        const id = pickFrom(await liveClients(), pick);
        if (id) answered(await admin.POST('/api/clients/{id}/services', { ...idPath(id), body: serviceBody(pick) }));
        break;
      }
      case 'editService': {
        const id = pickFrom(await liveServices(), pick);
        if (id) {
          const current = await admin.GET('/api/services/{id}', idPath(id));
          if (current.response.status !== 200) break;
          const { serviceName: _name, ...changes } = serviceBody(pick >> 1);
          answered(
            await admin.PATCH('/api/services/{id}', {
              ...idPath(id),
              body: { ...changes, version: current.data!.version },
            }),
          );
        }
        break;
      }
      case 'deleteService': {
        const id = pickFrom(await liveServices(), pick);
        if (id)
          answered(await admin.DELETE('/api/services/{id}', { ...idPath(id), body: { reason: 'Entered twice' } }));
        break;
      }
      case 'restoreService': {
        const id = pickFrom(await ids(sql`select id from services where deleted_at is not null order by id`), pick);
        if (id) answered(await admin.POST('/api/services/{id}/restore', idPath(id)));
        break;
      }
      case 'payManyInFull':
        // One statement changing many services at once (the triggers sum per statement).
        await f.exec(
          `update services set paid_amount = coalesce(service_fee, paid_amount) where (abs(hashtext(id::text)) % 3) = ${pick % 3}`,
        );
        break;
    }
  }
  expect(status, `${op} answered ${status}`).toBeLessThan(500);
}

const PRELUDE: [Operation, number][] = [
  ['createLead', 0],
  ['createClient', 0],
  ['addToLead', 1],
  ['addToLead', 22],
  ['addToClient', 333],
  ['addToClient', 4444],
];

type Bucket = { key: string; n: number; fee: string; paid: string; due: string };

async function buckets(query: ReturnType<typeof sql>): Promise<Bucket[]> {
  const result = await f.t.database.db.execute<Record<string, string>>(query);
  return result.rows
    .map((r) => ({
      key: `${r.currency}|${r.entity_type}|${r.service_status}|${r.payment_status}`,
      n: Number(r.n),
      fee: Number(r.fee).toFixed(2),
      paid: Number(r.paid).toFixed(2),
      due: Number(r.due).toFixed(2),
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

const maintained = () =>
  buckets(sql`select currency, entity_type, service_status, payment_status, n, fee::text, paid::text, due::text
    from service_totals where n <> 0 or fee <> 0 or paid <> 0 or due <> 0`);

const summed = () =>
  buckets(sql`select currency, case when lead_id is not null then 'lead' else 'client' end as entity_type,
      service_status, crm_service_payment_status(service_fee, paid_amount) as payment_status, count(*) as n,
      coalesce(sum(service_fee), 0)::text as fee, sum(paid_amount)::text as paid,
      coalesce(sum(service_fee - paid_amount), 0)::text as due
    from services where deleted_at is null and record_live group by 1, 2, 3, 4`);

const summary = async (query: Query<'/api/services/summary'>) => {
  const res = await f.api('administrator').GET('/api/services/summary', { params: { query } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!;
};

describe('maintained service totals', () => {
  it.prop([fc.array(fc.tuple(fc.constantFrom(...OPERATIONS), fc.nat(100_000)), { minLength: 1, maxLength: 14 })], {
    numRuns: 15,
  })('equal summing the listed services after any sequence of writes', async (steps) => {
    // Every run starts with records that have services, so the lifecycle steps have something to move.
    for (const [op, pick] of PRELUDE) await run(op, pick);
    for (const [op, pick] of steps) await run(op, pick);
    expect(await maintained()).toEqual(await summed());
    const negative = await f.t.database.db.execute(sql`select 1 from service_totals where n < 0`);
    expect(negative.rows).toEqual([]);
  });

  it('give the summary the figures of the services themselves, for every filter the totals answer', async () => {
    for (let i = 0; i < 12; i++) await run(i % 2 ? 'addToClient' : 'addToLead', i * 7919 + 3);
    await run('createLead', 0);
    await run('addToLead', 11);
    // A date range is always summed from the services; the widest range covers them all, so the two ways of
    // summing must agree filter by filter.
    const everything = { from: '1900-01-01' };
    for (const filter of [
      {},
      { currency: 'AUD' },
      { currency: 'PHP' },
      { status: 'Active' },
      { paymentStatus: 'Unpaid' },
      { paymentStatus: 'N/A' },
      { type: 'lead' },
      { type: 'client', currency: 'AUD', paymentStatus: 'Partially Paid' },
    ] satisfies Query<'/api/services/summary'>[]) {
      const fromTotals = await summary(filter);
      const fromServices = await summary({ ...filter, ...everything });
      expect(fromTotals, JSON.stringify(filter)).toEqual(fromServices);
    }
  });
});
