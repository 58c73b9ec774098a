// The maintained counts (migration 0008) stay equal to a full recount whatever happens to the records:
// random sequences of creates, edits, hides, conversions, reversions, archives, restores, deletes and
// multi-row statements, checked against counting the tables, and the statistics built on them against
// the same recount.
import { fc, it } from '@fast-check/vitest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { CONVERTED_STATUS, LEAD_STATUSES, type Role } from '@crm/domain';
import { createFixture, type Fixture } from '../../test/record-fixtures.ts';

let f: Fixture;

beforeAll(async () => {
  f = await createFixture();
});
afterAll(async () => {
  await f?.t.close();
});

const OPERATIONS = [
  'createLead',
  'createClient',
  'editLeadStatus',
  'hideLead',
  'unhideLead',
  'convertLead',
  'revertClient',
  'archiveLead',
  'restoreContactToLead',
  'restoreContactToClient',
  'deleteLead',
  'restoreDeletedLead',
  'deleteClient',
  'purgeLead',
  'hideManyClients',
  'editClientStatus',
] as const;
type Operation = (typeof OPERATIONS)[number];

const CREATABLE_STATUSES = LEAD_STATUSES.filter((s) => s !== CONVERTED_STATUS);

async function ids(query: ReturnType<typeof sql>): Promise<string[]> {
  const result = await f.t.database.db.execute<{ id: string }>(query);
  return result.rows.map((r) => r.id);
}

const pickFrom = (list: string[], pick: number) => (list.length === 0 ? undefined : list[pick % list.length]);

async function versionOf(path: string, id: string): Promise<number> {
  return (await f.call('administrator', 'GET', `${path}/${id}`)).json().version;
}

/** Runs one operation on a record chosen by `pick`; a step the record's state refuses is a 4xx, never a 5xx. */
async function run(op: Operation, pick: number, role: Role = 'administrator'): Promise<void> {
  const liveLeads = () => ids(sql`select id from leads where deleted_at is null and archived_at is null order by id`);
  const liveClients = () => ids(sql`select id from clients where deleted_at is null order by id`);
  let status = 200;
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => {
    const res = await f.call(role, method, url, body);
    status = res.statusCode;
  };
  switch (op) {
    case 'createLead':
      await call(
        'POST',
        '/api/leads',
        f.leadInput({ leadStatus: CREATABLE_STATUSES[pick % CREATABLE_STATUSES.length] }),
      );
      break;
    case 'createClient':
      await call('POST', '/api/clients', f.clientInput({ status: pick % 3 === 0 ? 'Inactive' : 'Active' }));
      break;
    case 'editLeadStatus': {
      const id = pickFrom(await liveLeads(), pick);
      if (id) {
        await call('PATCH', `/api/leads/${id}`, {
          leadStatus: CREATABLE_STATUSES[(pick >> 3) % CREATABLE_STATUSES.length],
          version: await versionOf('/api/leads', id),
        });
      }
      break;
    }
    case 'editClientStatus': {
      const id = pickFrom(await liveClients(), pick);
      if (id) {
        await call('PATCH', `/api/clients/${id}`, {
          status: pick % 2 === 0 ? 'Inactive' : 'Active',
          version: await versionOf('/api/clients', id),
        });
      }
      break;
    }
    case 'hideLead':
    case 'unhideLead': {
      const id = pickFrom(await liveLeads(), pick);
      if (id) await call('POST', `/api/leads/${id}/${op === 'hideLead' ? 'hide' : 'unhide'}`, {});
      break;
    }
    case 'convertLead': {
      const id = pickFrom(await liveLeads(), pick);
      if (id) await call('POST', `/api/leads/${id}/convert`, {});
      break;
    }
    case 'revertClient': {
      const id = pickFrom(
        await ids(sql`select id from clients where converted_from_lead_id is not null order by id`),
        pick,
      );
      if (id) await call('POST', `/api/clients/${id}/revert`, {});
      break;
    }
    case 'archiveLead': {
      const id = pickFrom(await liveLeads(), pick);
      if (id) await call('POST', `/api/leads/${id}/archive`, {});
      break;
    }
    case 'restoreContactToLead':
    case 'restoreContactToClient': {
      const id = pickFrom(await ids(sql`select id from contacts where contact_status <> 'Reverted' order by id`), pick);
      const type = op === 'restoreContactToLead' ? 'lead' : 'client';
      if (id) await call('POST', `/api/contacts/${id}/restore`, { type, notes: 'Back on the list' });
      break;
    }
    case 'deleteLead': {
      const id = pickFrom(await liveLeads(), pick);
      if (id) await call('DELETE', `/api/leads/${id}`, {});
      break;
    }
    case 'restoreDeletedLead': {
      const id = pickFrom(await ids(sql`select id from leads where deleted_at is not null order by id`), pick);
      if (id) await call('POST', `/api/leads/${id}/restore`);
      break;
    }
    case 'deleteClient': {
      const id = pickFrom(await liveClients(), pick);
      if (id) await call('DELETE', `/api/clients/${id}`, {});
      break;
    }
    case 'purgeLead': {
      const id = pickFrom(await ids(sql`select id from leads where deleted_at is not null order by id`), pick);
      if (id) await call('DELETE', `/api/leads/${id}/permanent`);
      break;
    }
    case 'hideManyClients':
      // One statement changing many rows at once (the triggers count per statement).
      await f.exec(`update clients set is_hidden = not is_hidden where (abs(hashtext(id::text)) % 3) = ${pick % 3}`);
      break;
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
    const admin = (await f.call('administrator', 'GET', '/api/dashboard/lead-statistics')).json();
    expect(admin.totalLeads + admin.convertedLeads).toBe(
      await scalar(sql`select count(*) as n from leads where ${leadsLive}`),
    );
    expect(admin.convertedLeads).toBe(
      await scalar(sql`select count(*) as n from leads where ${leadsLive} and lead_status = ${CONVERTED_STATUS}`),
    );
    const conversions = (await f.call('administrator', 'GET', '/api/dashboard/conversion-statistics')).json();
    expect(conversions.totalConversions).toBe(
      await scalar(sql`select count(*) as n from leads where ${leadsLive} and converted_at is not null`),
    );
    const records = (await f.call('administrator', 'GET', '/api/records/statistics?showHidden=true')).json();
    expect(records.totalRecords).toBe(
      (await scalar(sql`select count(*) as n from leads where ${leadsLive}`)) +
        (await scalar(sql`select count(*) as n from clients where deleted_at is null and status <> 'Reverted'`)),
    );
    const contacts = (await f.call('administrator', 'GET', '/api/contacts/statistics')).json();
    expect(contacts.totalContacts).toBe(
      await scalar(sql`select count(*) as n from contacts where contact_status <> 'Reverted'`),
    );
    const tabs = (await f.call('administrator', 'GET', '/api/records/tab-counts')).json();
    expect(tabs.leads).toEqual({
      total: (await f.call('administrator', 'GET', '/api/leads?pageSize=1')).json().total,
      capped: false,
    });

    // A consultant's figures are counted over its own records: the same numbers a recount of them gives.
    const me = f.idOf('consultant');
    await run('createLead', 5, 'consultant');
    const mine = sql`(created_by = ${me} or manager_user_id = ${me} or assistant_manager_user_id = ${me})`;
    const own = (await f.call('consultant', 'GET', '/api/dashboard/lead-statistics')).json();
    expect(own.totalLeads + own.convertedLeads).toBe(
      await scalar(sql`select count(*) as n from leads where ${leadsLive} and ${mine}`),
    );
  });
});
