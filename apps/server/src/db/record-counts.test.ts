// The maintained counts (migration 0008) stay equal to a full recount whatever happens to the records:
// random sequences of creates, edits, hides, conversions, reversions, archives, restores, deletes and
// multi-row statements, checked against counting the tables, and the statistics built on them against
// the same recount.
import { fc, it } from '@fast-check/vitest';
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { CONVERTED_STATUS, LEAD_STATUSES, type Role } from '@crm/domain';
import { idPath } from '../../test/api-client.ts';
import { fixtureForFile } from '../../test/record-fixtures.ts';
import { isLifecycleStep, LIFECYCLE_STEPS, pickFrom, recordLifecycle } from '../../test/record-lifecycle.ts';

const f = fixtureForFile();

// This file's own writes, then every record lifecycle step.
const OPERATIONS = [
  'createLead',
  'createClient',
  'editLeadStatus',
  'hideLead',
  'unhideLead',
  'hideManyClients',
  'editClientStatus',
  ...LIFECYCLE_STEPS,
] as const;
type Operation = (typeof OPERATIONS)[number];

const CREATABLE_STATUSES = LEAD_STATUSES.filter((s) => s !== CONVERTED_STATUS);

const { liveLeads, liveClients, step } = recordLifecycle(f);

const versionOf = {
  lead: async (id: string) => (await f.api('administrator').GET('/api/leads/{id}', idPath(id))).data!.version,
  client: async (id: string) => (await f.api('administrator').GET('/api/clients/{id}', idPath(id))).data!.version,
};

/** Runs one operation on a record chosen by `pick`; a step the record's state refuses is a 4xx, never a 5xx. */
async function run(op: Operation, pick: number, role: Role = 'administrator'): Promise<void> {
  let status = 200;
  /** Keeps the status of the answer (the typed client's result of any route). */
  const answered = async (result: Promise<{ response: Response }>) => {
    status = (await result).response.status;
  };
  const api = f.api(role);
  if (isLifecycleStep(op)) {
    status = (await step(op, pick, role)) ?? status;
  } else {
    switch (op) {
      case 'createLead':
        await answered(
          api.POST('/api/leads', {
            body: f.leadInput({ leadStatus: CREATABLE_STATUSES[pick % CREATABLE_STATUSES.length] }),
          }),
        );
        break;
      case 'createClient':
        await answered(
          api.POST('/api/clients', {
            body: f.clientInput({ status: pick % 3 === 0 ? 'Inactive' : 'Active' }),
          }),
        );
        break;
      case 'editLeadStatus': {
        const id = pickFrom(await liveLeads(), pick);
        if (id) {
          const body = {
            leadStatus: CREATABLE_STATUSES[(pick >> 3) % CREATABLE_STATUSES.length],
            version: await versionOf.lead(id),
          };
          await answered(api.PATCH('/api/leads/{id}', { ...idPath(id), body }));
        }
        break;
      }
      case 'editClientStatus': {
        const id = pickFrom(await liveClients(), pick);
        if (id) {
          const body = { status: pick % 2 === 0 ? 'Inactive' : 'Active', version: await versionOf.client(id) } as const;
          await answered(api.PATCH('/api/clients/{id}', { ...idPath(id), body }));
        }
        break;
      }
      case 'hideLead':
      case 'unhideLead': {
        const id = pickFrom(await liveLeads(), pick);
        if (id) {
          const request = { ...idPath(id), body: {} };
          await answered(
            op === 'hideLead' ? api.POST('/api/leads/{id}/hide', request) : api.POST('/api/leads/{id}/unhide', request),
          );
        }
        break;
      }
      case 'hideManyClients':
        // One statement changing many rows at once (the triggers count per statement).
        await f.exec(`update clients set is_hidden = not is_hidden where (abs(hashtext(id::text)) % 3) = ${pick % 3}`);
        break;
    }
  }
  expect(status, `${op} answered ${status}`).toBeLessThan(500);
}

/** The counts as a full scan finds them, in record_counts' keys. */
async function recount(): Promise<Map<string, number>> {
  const result = await f.t.database.db.execute<{ list: string; key: string; n: string | number }>(sql`
    select 'leads' as list, crm_count_key_lead(lead_status, is_hidden, converted_at) as key, count(*) as n
      from leads where deleted_at is null and archived_at is null group by 2
    union all
    select 'clients', status || '|' || is_hidden::text, count(*) from clients where deleted_at is null group by 2
    union all
    select 'contacts', contact_status || '|' || coalesce(can_revert_to_lead, false)::text, count(*)
      from contacts group by 2`);
  return new Map(result.rows.map((r) => [`${r.list}/${r.key}`, Number(r.n)]));
}

async function maintained(): Promise<Map<string, number>> {
  const result = await f.t.database.db.execute<{ list: string; key: string; n: string | number }>(
    sql`select list, key, n from record_counts where n <> 0`,
  );
  return new Map(result.rows.map((r) => [`${r.list}/${r.key}`, Number(r.n)]));
}

const sorted = (m: Map<string, number>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b));

describe('maintained counts', () => {
  it.prop([fc.array(fc.tuple(fc.constantFrom(...OPERATIONS), fc.nat(10_000)), { minLength: 1, maxLength: 12 })], {
    numRuns: 12,
  })('equal a full recount after any sequence of writes', async (steps) => {
    for (const [op, pick] of steps) await run(op, pick);
    expect(sorted(await maintained())).toEqual(sorted(await recount()));
    const negative = await f.t.database.db.execute(sql`select 1 from record_counts where n < 0`);
    expect(negative.rows).toEqual([]);
  });

  it('give the statistics a full recount gives, for a role that sees everything and for a consultant', async () => {
    for (const [op, pick] of [
      ['createLead', 1],
      ['convertLead', 2],
      ['archiveLead', 3],
      ['hideLead', 4],
    ] as const) {
      await run(op, pick);
    }
    const db = f.t.database.db;
    const scalar = async (query: ReturnType<typeof sql>) => Number((await db.execute<{ n: string }>(query)).rows[0]!.n);
    const leadsLive = sql`deleted_at is null and archived_at is null`;
    const api = f.api('administrator');
    const admin = (await api.GET('/api/dashboard/lead-statistics')).data!;
    expect(admin.totalLeads + admin.convertedLeads).toBe(
      await scalar(sql`select count(*) as n from leads where ${leadsLive}`),
    );
    expect(admin.convertedLeads).toBe(
      await scalar(sql`select count(*) as n from leads where ${leadsLive} and lead_status = ${CONVERTED_STATUS}`),
    );
    const conversions = (await api.GET('/api/dashboard/conversion-statistics')).data!;
    expect(conversions.totalConversions).toBe(
      await scalar(sql`select count(*) as n from leads where ${leadsLive} and converted_at is not null`),
    );
    const records = (await api.GET('/api/records/statistics', { params: { query: { showHidden: true } } })).data!;
    expect(records.totalRecords).toBe(
      (await scalar(sql`select count(*) as n from leads where ${leadsLive}`)) +
        (await scalar(sql`select count(*) as n from clients where deleted_at is null and status <> 'Reverted'`)),
    );
    const contacts = (await api.GET('/api/contacts/statistics')).data!;
    expect(contacts.totalContacts).toBe(
      await scalar(sql`select count(*) as n from contacts where contact_status <> 'Reverted'`),
    );
    const tabs = (await api.GET('/api/records/tab-counts')).data!;
    expect(tabs.leads).toEqual({
      total: (await api.GET('/api/leads', { params: { query: { pageSize: 1 } } })).data!.total,
      capped: false,
    });

    // A consultant's figures are counted over its own records: the same numbers a recount of them gives.
    const me = f.idOf('consultant');
    await run('createLead', 5, 'consultant');
    const mine = sql`(created_by = ${me} or manager_user_id = ${me} or assistant_manager_user_id = ${me})`;
    const own = (await f.api('consultant').GET('/api/dashboard/lead-statistics')).data!;
    expect(own.totalLeads + own.convertedLeads).toBe(
      await scalar(sql`select count(*) as n from leads where ${leadsLive} and ${mine}`),
    );
  });
});
