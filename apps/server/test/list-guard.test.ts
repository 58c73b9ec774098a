// The guard that keeps every list fast as tables grow (issue 10, docs/decisions/0008): each list endpoint
// — found in the OpenAPI document as a GET answering a page with `nextCursor`, so a new list is covered
// without a new line — may issue only a few statements per request, and on a PostgreSQL server none of
// them may read a main table (leads, clients, contacts) with a sequential scan once it holds 10,000+ rows
// and has been analysed. PGlite's planner differs: the plan check runs on the PostgreSQL leg of CI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@crm/domain';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { users } from '../src/db/schema/index.ts';

/** Statements per list request: the session, the page, the names on it, a count or two — never one per row. */
const MAX_STATEMENTS_PER_LIST_REQUEST = 8;
const MAIN_TABLES = [
  'leads',
  'clients',
  'contacts',
  'services',
  'contracts',
  'documents',
  'receipts',
  'credit_notes',
  'refunds',
];
const ROWS = 10_000;

const t: TestApp = await buildTestApp();
const onPostgres = t.database.kind === 'postgres';
afterAll(async () => {
  await t.close();
});

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
      }
    >
  >;
};

/** The GET routes whose 200 answer is a page (has nextCursor), parameter-free paths only. */
async function listRoutes(): Promise<{ path: string; query: Set<string> }[]> {
  const doc: OpenApi = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  return Object.entries(doc.paths)
    .filter(([path, ops]) => {
      const schema = ops.get?.responses?.['200']?.content?.['application/json']?.schema;
      return !path.includes('{') && JSON.stringify(schema ?? {}).includes('"nextCursor"');
    })
    .map(([path, ops]) => ({
      path,
      query: new Set((ops.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)),
    }));
}

const routes = await listRoutes();

beforeAll(async () => {
  const db = t.database.db;
  const people = await db.select({ id: users.id }).from(users);
  const ids = `array[${people.map((p) => `'${p.id}'::uuid`).join(',')}]`;
  // Bulk rows straight in SQL: fast on both databases, and realistic enough for the planner (spread
  // creators, dates, statuses, names).
  const person = (n: string) => `
    (array['Ana','Ben','Chloe','Deepak','Elif','Farid','Grace','Hiro'])[1 + ${n} % 8] || ${n}::text,
    (array['Smith','Nguyen','Patel','Garcia','Kim','Singh'])[1 + ${n} % 6],
    'guard.' || ${n} || '@example.com',
    '+61 4' || lpad(${n}::text, 8, '0'),
    '+614' || lpad(${n}::text, 8, '0')`;
  const rows = onPostgres ? ROWS : 300;
  await t.database.db.execute(`
    insert into leads (first_name, last_name, email, contact_number, contact_number_e164, lead_status, created_by, created_at)
    select ${person('g')},
      (array['New Lead Received','Consultation Completed','Ineligible','Not Proceeding / Lost'])[1 + g % 4],
      (${ids})[1 + g % ${people.length}], now() - make_interval(mins => g)
    from generate_series(1, ${rows}) as g`);
  await t.database.db.execute(`
    insert into clients (first_name, last_name, email, contact_number, contact_number_e164, status, created_by, created_at)
    select ${person('g')}, (array['Active','Inactive'])[1 + g % 2], (${ids})[1 + g % ${people.length}],
      now() - make_interval(mins => g)
    from generate_series(1, ${rows}) as g`);
  await t.database.db.execute(`
    insert into contacts (first_name, last_name, email, contact_number, contact_number_e164, original_lead_status,
      owner_user_id, moved_from_leads_at)
    select ${person('g')}, 'Not Proceeding / Lost', (${ids})[1 + g % ${people.length}], now() - make_interval(mins => g)
    from generate_series(1, ${rows}) as g`);
  // Services on those leads and clients, in three currencies, some paid. The records are numbered once and
  // joined by number: a lateral OFFSET per row would read the index quadratically (minutes on a busy machine).
  await t.database.db.execute(`
    with l as (select id, row_number() over (order by id) - 1 as n from leads),
      c as (select id, row_number() over (order by id) - 1 as n from clients)
    insert into services (lead_id, client_id, service_name, service_fee, paid_amount, currency, start_date, created_at)
    select case when g % 2 = 0 then l.id end, case when g % 2 = 1 then c.id end,
      (array['Consultation Fee','Visa Application','Tuition Fee','Skills Assessment'])[1 + g % 4],
      100 + g % 900, (g % 3) * 50, (array['AUD','PHP','USD'])[1 + g % 3],
      current_date - (g % 700), now() - make_interval(mins => g)
    from generate_series(1, ${rows}) as g
    join l on l.n = g % ${rows}
    join c on c.n = g % ${rows}`);
  // Contracts on those leads and clients (every third on a lead), in each stored state, some past their
  // expiry; and the document library's rows.
  await t.database.db.execute(`
    with l as (select id, first_name || ' ' || last_name as name, row_number() over (order by id) - 1 as n from leads),
      c as (select id, first_name || ' ' || last_name as name, row_number() over (order by id) - 1 as n from clients)
    insert into contracts (reference, title, state, lead_id, client_id, client_name, effective_date, expiry_date,
      created_by, created_at)
    select 'CONT-GUARD-' || g, (array['Migration services agreement','Student visa agreement'])[1 + g % 2],
      (array['draft','active','active','terminated'])[1 + g % 4],
      case when g % 3 = 0 then l.id end, case when g % 3 <> 0 then c.id end,
      case when g % 3 = 0 then l.name else c.name end,
      current_date - (g % 700), current_date - (g % 700) + 365, (${ids})[1 + g % ${people.length}],
      now() - make_interval(mins => g)
    from generate_series(1, ${rows}) as g
    join l on l.n = g % ${rows}
    join c on c.n = g % ${rows}`);
  await t.database.db.execute(`
    insert into documents (control_number, title, category, content, created_by, created_at)
    select 'DOC-GUARD-' || g, (array['Complaints handling policy','Onboarding checklist','Fee schedule'])[1 + g % 3] || ' ' || g,
      (array['Policy','Checklist','Form'])[1 + g % 3], '<p>Guard</p>', (${ids})[1 + g % ${people.length}],
      now() - make_interval(mins => g)
    from generate_series(1, ${rows}) as g`);
  // Invoices with a receipt, a credit note and a refund each: Finance's money lists (issue 25). The invoices
  // table itself is not held to the plan check: its capped count reads the first rows by a sequential scan,
  // which its LIMIT bounds.
  await t.database.db.execute(`
    insert into invoices (invoice_number, issue_date, due_date, client_name, client_address, currency, tax_rate, items,
      taxable_subtotal, non_taxable_subtotal, tax, total, created_by, created_at)
    select 'INV-GUARD-' || g, current_date - (g % 300), current_date - (g % 300) + 14,
      (array['Ana Smith','Ben Nguyen','Chloe Patel','Deepak Garcia'])[1 + g % 4] || ' ' || g, 'Sydney', 'AUD', 10,
      '[]'::jsonb, 1000, 0, 100, 1100, (${ids})[1 + g % ${people.length}], now() - make_interval(mins => g)
    from generate_series(1, ${rows}) as g`);
  await t.database.db.execute(`
    insert into receipts (receipt_number, sequence, invoice_id, invoice_number, client_name, client_address, issue_date,
      payment_date, items, subtotal, tax, total, currency, apply_tax, tax_rate, payment_method, amount_paid, created_at)
    select 'RCP-GUARD-' || i.invoice_number, 1000000 + row_number() over (), i.id, i.invoice_number, i.client_name,
      i.client_address, i.issue_date, i.issue_date, '[]'::jsonb, 1000, 100, 1100, 'AUD', true, 10, 'Card', 1100, i.created_at
    from invoices i where i.invoice_number like 'INV-GUARD-%'`);
  await t.database.db.execute(`
    insert into credit_notes (credit_note_number, sequence, invoice_id, issue_date, reason, cancels, of_tax_invoice, lines,
      taxable_amount, non_taxable_amount, tax, total, currency, apply_tax, tax_rate, invoice_number, invoice_issue_date,
      invoice_total, client_name, client_address, created_at)
    select 'CN-GUARD-' || i.invoice_number, 1000000 + row_number() over (), i.id, i.issue_date, 'Fee reduced', false,
      true, '[]'::jsonb, 100, 0, 10, 110, 'AUD', true, 10, i.invoice_number, i.issue_date, 1100, i.client_name,
      i.client_address, i.created_at
    from invoices i where i.invoice_number like 'INV-GUARD-%'`);
  await t.database.db.execute(`
    insert into refunds (refund_date, amount, currency, method, client_name, invoice_id, invoice_number, created_at)
    select i.issue_date, 110, 'AUD', 'Bank Transfer', i.client_name, i.id, i.invoice_number, i.created_at
    from invoices i where i.invoice_number like 'INV-GUARD-%'`);
  // VACUUM as autovacuum would: fresh rows sit in a trigram index's pending list, which the planner prices
  // as a full read.
  for (const table of MAIN_TABLES) await t.database.db.execute(`vacuum analyze ${table}`);
});

/** The statements one request issues (query text and parameters), and its answer. */
async function observe(url: string, cookie: string) {
  const statements: { query: string; params: unknown[] }[] = [];
  const stop = t.database.observeQueries((query, params) => statements.push({ query, params }));
  try {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    return { res, statements };
  } finally {
    stop();
  }
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };
const seqScans = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap(seqScans),
];

/** The main tables a statement reads with a sequential scan (PostgreSQL's plan for those parameters). */
async function scannedTables(statement: { query: string; params: unknown[] }): Promise<string[]> {
  if (!/^\s*(select|with|\()/i.test(statement.query)) return [];
  const pool = (
    t.database.db as unknown as {
      $client: { query: (q: string, p: unknown[]) => Promise<{ rows: { 'QUERY PLAN': { Plan: PlanNode }[] }[] }> };
    }
  ).$client;
  const result = await pool.query(`explain (format json) ${statement.query}`, statement.params);
  return seqScans(result.rows[0]!['QUERY PLAN'][0]!.Plan).filter((table) => MAIN_TABLES.includes(table));
}

const ROLES_CHECKED: Role[] = ['administrator', 'consultant', 'member'];
// 'search=0412%20345%20678' and 'search=3470785': phone searches, through the digits' trigram index too.
const VARIANTS = [
  '',
  'last=true',
  'search=an',
  'search=smi',
  'search=0412',
  'search=0412%20345%20678',
  'search=3470785',
  'showHidden=true',
];

describe('list endpoints stay bounded', () => {
  it('finds the list endpoints in the OpenAPI document', () => {
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/api/leads',
        '/api/clients',
        '/api/contacts',
        '/api/records',
        '/api/contracts',
        '/api/documents',
        '/api/invoices',
        '/api/receipts',
        '/api/credit-notes',
        '/api/refunds',
      ]),
    );
  });

  for (const { path, query } of routes) {
    it(`${path}: a few statements per request${onPostgres ? ', and no sequential scan of a main table' : ''}`, async () => {
      for (const role of ROLES_CHECKED) {
        const cookie = await t.signIn(role);
        // A page of 50 in the list's own words (the notifications take `limit`).
        const size = query.has('pageSize') ? 'pageSize=50' : 'limit=50';
        const first = await observe(`${path}?${size}`, cookie);
        if (first.res.statusCode === 403) continue;
        const next: string | null = first.res.json().nextCursor;
        const urls = [
          // Each variant a list takes (an unknown query parameter is refused, issue 26).
          ...VARIANTS.filter((v) => v === '' || query.has(v.split('=')[0]!)).map((v) => `${path}?${size}&${v}`),
          ...(next && query.has('after') ? [`${path}?${size}&after=${next}`] : []),
          ...(next && query.has('before') ? [`${path}?${size}&before=${next}`] : []),
          ...(next && query.has('cursor') ? [`${path}?${size}&cursor=${next}`] : []),
        ];
        for (const url of urls) {
          const { res, statements } = await observe(url, cookie);
          expect(res.statusCode, `${role} ${url}: ${res.body.slice(0, 200)}`).toBe(200);
          expect(
            statements.length,
            `${role} ${url} issued:\n${statements.map((s) => s.query).join('\n')}`,
          ).toBeLessThanOrEqual(MAX_STATEMENTS_PER_LIST_REQUEST);
          if (!onPostgres) continue;
          for (const statement of statements) {
            expect(await scannedTables(statement), `${role} ${url}: ${statement.query}`).toEqual([]);
          }
        }
      }
    });
  }
});
