// The load benchmark (issue 10 item 5; `npm run bench` runs it after the web weight, alone
// `node scripts/bench/load.mjs`). For each database — the PostgreSQL server on 127.0.0.1:5432 (a scratch
// database, or BENCH_DATABASE_URL) and embedded PGlite in a temporary folder — it loads the large data set
// (apps/server/src/scripts/seed-large.ts, fixed seed), starts the real server in production mode as a
// child process, signs in as an administrator and as a consultant, and drives it over loopback with
// autocannon (20 connections, a fixed time per endpoint; before that, one connection asking 40 times in a
// row, for the latency one user sees). Then, with the server stopped, the ceilings: a
// bare Fastify process running the same service functions on the same database (scripts/bench/ceiling-server.ts)
// and a constant route. On the first database it also loads four times as much again (500,000 leads) and
// measures the leads endpoints once more, for the growth ratios.
//
// Prints the table, writes bench-results/load-<database>.json and, on a full run, the load section of
// BENCHMARKS.md. Options (after `npm run bench --`):
//   --quick                 10,000 leads, one database, 1 s per endpoint, no growth, BENCHMARKS.md untouched
//   --db postgres|pglite|both
//   --growth / --no-growth  the 500,000-lead step on every database / on none (default: the first database)
//   --duration <s>          seconds per endpoint (default 10)      --connections <n> (default 20)
//   --identity              ask for uncompressed answers (default: Accept-Encoding as a browser sends it)
//   --write / --no-write    rewrite BENCHMARKS.md's load section or not   --keep   keep the scratch databases
//   --only <prefix,…>       only the endpoints whose key starts so (and the lead detail, the reference);
//                           never writes BENCHMARKS.md
//   leads [clients [contacts [services]]]   the data set (default 100000 30000 5000, services 1.5 per lead;
//                           tasks and notes 2 per lead; the rest as seed-large derives them: invoices 1 per 2
//                           leads (with a receipt per payment, a credit note per cancelled one, half of those
//                           refunded), audit rows 10 per lead, staff 1 per 100, contracts 1 per 5, documents
//                           1 per 2, timesheet entries 2 per lead, mails 3 per lead)
// Not a test: nothing fails on a slow figure. Ratios measured in one run are what to compare across runs.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';
import { setTimeout as delay } from 'node:timers/promises';
import { URL, URLSearchParams } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { backendCpuBetween, cpuMs, machine, memoryMb, postgresBackends } from './proc.mjs';
import { printResults, writeBenchmarksSection } from './report.mjs';

// Node's own fetch (the lint config knows only the globals it lists).
const { fetch } = globalThis;
const ROOT = resolve(import.meta.dirname, '../..');
const RESULTS_DIR = join(ROOT, 'bench-results');
const POSTGRES_SERVER = process.env.BENCH_POSTGRES_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const SCRATCH_DATABASE = 'crm_bench';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-Password-1!';
const ROLES = {
  admin: 'administrator@example.com',
  consultant: 'consultant@example.com',
  // The audit log is the account administrators' (issue 14).
  owner: 'account_administrator@example.com',
};
const DEEP_PAGES = 200;
const GROWTH_FACTOR = 5;

// ---------------------------------------------------------------------------------------------------------
// What is measured. `kind` says which target applies: list, deep, search and stats within 3× the lead
// detail's median; detail is that reference. A path is a string or a function of what was discovered
// after signing in (ids, a deep cursor, a phone number that exists).

const page = (params) => `/api/leads?${new URLSearchParams({ ...params, pageSize: '50' })}`;
const SERVICES_PAGE = 'pageSize=50&sort=createdAt:desc';
const SERVICES_FILTERS = 'currency=AUD&paymentStatus=Unpaid';
export const ENDPOINTS = [
  {
    key: 'leads.page1',
    label: 'Leads, page 1',
    kind: 'list',
    roles: ['admin', 'consultant'],
    path: page({ page: '1' }),
  },
  { key: 'leads.page20', label: 'Leads, page 20', kind: 'list', roles: ['admin'], path: page({ page: '20' }) },
  {
    key: 'leads.deep',
    label: 'Leads, page ~200 (cursor)',
    kind: 'deep',
    roles: ['admin'],
    path: (ctx) => page({ after: ctx.deep.cursor }),
  },
  {
    key: 'leads.last',
    label: 'Leads, last page',
    kind: 'list',
    roles: ['admin', 'consultant'],
    path: page({ last: 'true' }),
  },
  {
    key: 'leads.status',
    label: "Leads, status 'New Lead Received'",
    kind: 'list',
    roles: ['admin'],
    path: page({ status: 'New Lead Received' }),
  },
  {
    key: 'leads.sort',
    label: 'Leads, sort firstName:asc',
    kind: 'list',
    roles: ['admin'],
    path: page({ sort: 'firstName:asc' }),
  },
  {
    key: 'leads.search2',
    label: "Leads, search 'an'",
    kind: 'search',
    roles: ['admin', 'consultant'],
    path: page({ search: 'an' }),
  },
  {
    key: 'leads.search3',
    label: "Leads, search 'smi'",
    kind: 'search',
    roles: ['admin', 'consultant'],
    path: page({ search: 'smi' }),
  },
  {
    key: 'leads.phone',
    label: 'Leads, search a phone number',
    kind: 'search',
    roles: ['admin'],
    path: (ctx) => page({ search: ctx.phone }),
  },
  {
    key: 'leads.detail',
    label: 'Lead detail (one row)',
    kind: 'detail',
    roles: ['admin', 'consultant'],
    path: (ctx, role) => `/api/leads/${ctx.leadId[role]}`,
  },
  {
    key: 'dashboard.stats',
    label: 'Dashboard statistics',
    kind: 'stats',
    roles: ['admin', 'consultant'],
    path: '/api/dashboard/lead-statistics',
  },
  {
    key: 'dashboard.trend',
    label: 'Dashboard trend',
    kind: 'stats',
    roles: ['admin', 'consultant'],
    path: '/api/dashboard/lead-trend',
  },
  {
    key: 'records.page1',
    label: 'Records, page 1',
    kind: 'list',
    roles: ['admin', 'consultant'],
    path: '/api/records?page=1&pageSize=50',
  },
  {
    key: 'clients.page1',
    label: 'Clients, page 1',
    kind: 'list',
    roles: ['admin', 'consultant'],
    path: '/api/clients?page=1&pageSize=50',
  },
  {
    key: 'contacts.search',
    label: "Contacts, search 'smi'",
    kind: 'search',
    roles: ['admin', 'consultant'],
    path: '/api/contacts?search=smi&pageSize=50',
  },
  // The Finance services overview (issue 11 item 8): the list and its summary are separate requests, each
  // held to the detail on its own. A consultant has no Finance module, so the administrator alone.
  {
    key: 'services.page1',
    label: 'Services overview, page 1',
    kind: 'list',
    roles: ['admin'],
    path: `/api/services?${SERVICES_PAGE}`,
  },
  {
    key: 'services.filters',
    label: 'Services overview, AUD + Unpaid',
    kind: 'list',
    roles: ['admin'],
    path: `/api/services?${SERVICES_PAGE}&${SERVICES_FILTERS}`,
  },
  {
    key: 'services.search',
    label: "Services overview, search 'smi'",
    kind: 'search',
    roles: ['admin'],
    path: `/api/services?${SERVICES_PAGE}&search=smi`,
  },
  {
    key: 'services.summary',
    label: 'Services summary (all)',
    kind: 'stats',
    roles: ['admin'],
    path: '/api/services/summary',
  },
  {
    key: 'services.summaryFiltered',
    label: 'Services summary, AUD + Unpaid',
    kind: 'stats',
    roles: ['admin'],
    path: `/api/services/summary?${SERVICES_FILTERS}`,
  },
  {
    key: 'services.summarySearch',
    label: "Services summary, search 'smi'",
    kind: 'stats',
    roles: ['admin'],
    path: '/api/services/summary?search=smi',
  },
  // My Tasks and the reminders at 200,000 task_notes (issue 12 item 9): the signed-in user's assigned tasks.
  {
    key: 'tasks.page1',
    label: 'My Tasks, page 1',
    kind: 'list',
    roles: ['admin', 'consultant'],
    path: '/api/tasks?pageSize=50',
  },
  {
    key: 'tasks.filter',
    label: 'My Tasks, all statuses, high priority',
    kind: 'list',
    roles: ['admin', 'consultant'],
    path: '/api/tasks?pageSize=50&status=all&priority=high',
  },
  {
    key: 'tasks.search',
    label: "My Tasks, search 'coll'",
    kind: 'search',
    roles: ['admin', 'consultant'],
    path: '/api/tasks?pageSize=50&status=all&search=coll',
  },
  {
    key: 'tasks.counts',
    label: 'My Tasks cards',
    kind: 'stats',
    roles: ['admin', 'consultant'],
    path: '/api/tasks/counts',
  },
  {
    key: 'tasks.reminders',
    label: 'Task reminders',
    kind: 'stats',
    roles: ['admin', 'consultant'],
    path: '/api/tasks/reminders',
  },
  {
    key: 'tasks.summary',
    label: "A lead's task summary (hover card)",
    kind: 'stats',
    roles: ['admin', 'consultant'],
    path: (ctx, role) => `/api/leads/${ctx.leadId[role]}/task-summary`,
  },
  // The Invoices tab at 50,000 invoices (issue 13 item 8): Finance staff see every invoice.
  {
    key: 'invoices.page1',
    label: 'Invoices, all, page 1',
    kind: 'list',
    roles: ['admin'],
    path: '/api/invoices?pageSize=50',
  },
  {
    key: 'invoices.overdue',
    label: 'Invoices, Overdue tab',
    kind: 'list',
    roles: ['admin'],
    path: '/api/invoices?pageSize=50&tab=overdue',
  },
  {
    key: 'invoices.search',
    label: "Invoices, search 'smi'",
    kind: 'search',
    roles: ['admin'],
    path: '/api/invoices?pageSize=50&search=smi',
  },
  // Finance's Receipts & Credits lists (issue 25 item 3) over the invoices' receipts (one per payment), credit
  // notes (one per cancelled invoice) and refunds (half of those): the first page of each, newest first.
  {
    key: 'invoices.receipts',
    label: 'Receipts, page 1',
    kind: 'list',
    roles: ['admin'],
    path: '/api/receipts?pageSize=50',
  },
  {
    key: 'invoices.creditNotes',
    label: 'Credit notes, page 1',
    kind: 'list',
    roles: ['admin'],
    path: '/api/credit-notes?pageSize=50',
  },
  {
    key: 'invoices.refunds',
    label: 'Refunds, page 1',
    kind: 'list',
    roles: ['admin'],
    path: '/api/refunds?pageSize=50',
  },
  // Administration at a million audit rows and a thousand users (issue 14 item 8).
  {
    key: 'audit.page1',
    label: 'Audit log, page 1',
    kind: 'list',
    roles: ['owner'],
    path: '/api/audit-logs?pageSize=50',
  },
  {
    key: 'audit.action',
    label: 'Audit log, one action (UPDATE_CLIENT)',
    kind: 'list',
    roles: ['owner'],
    path: '/api/audit-logs?pageSize=50&action=UPDATE_CLIENT',
  },
  {
    key: 'audit.month',
    label: 'Audit log, one month a year ago',
    kind: 'list',
    roles: ['owner'],
    path: (ctx) => `/api/audit-logs?pageSize=50&from=${ctx.yearAgo.from}&to=${ctx.yearAgo.to}`,
  },
  {
    key: 'audit.last',
    label: 'Audit log, last page (the oldest rows)',
    kind: 'deep',
    roles: ['owner'],
    path: '/api/audit-logs?pageSize=50&last=true',
  },
  {
    key: 'audit.search',
    label: "Audit log, search 'client'",
    kind: 'search',
    roles: ['owner'],
    path: '/api/audit-logs?pageSize=50&search=client',
  },
  // The Mail log at 300,000 messages (issue 27): Administration's, newest first.
  {
    key: 'mail.page1',
    label: 'Mail log, page 1',
    kind: 'list',
    roles: ['admin'],
    path: '/api/mail-log?pageSize=50',
  },
  {
    key: 'mail.failed',
    label: 'Mail log, failed',
    kind: 'list',
    roles: ['admin'],
    path: '/api/mail-log?pageSize=50&status=failed',
  },
  {
    key: 'mail.month',
    label: 'Mail log, one month a year ago',
    kind: 'list',
    roles: ['admin'],
    path: (ctx) => `/api/mail-log?pageSize=50&from=${ctx.yearAgo.from}&to=${ctx.yearAgo.to}`,
  },
  {
    key: 'mail.last',
    label: 'Mail log, last page (the oldest mails)',
    kind: 'deep',
    roles: ['admin'],
    path: '/api/mail-log?pageSize=50&last=true',
  },
  {
    key: 'mail.search',
    label: "Mail log, search 'invoice'",
    kind: 'search',
    roles: ['admin'],
    path: '/api/mail-log?pageSize=50&search=invoice',
  },
  {
    key: 'users.page1',
    label: 'Users, page 1',
    kind: 'list',
    roles: ['admin'],
    path: '/api/users?pageSize=50',
  },
  {
    key: 'users.search',
    label: "Users, search 'ngu'",
    kind: 'search',
    roles: ['admin'],
    path: '/api/users?pageSize=50&search=ngu',
  },
  // Contract Manager, the document library and Timesheet at 20,000 contracts, 50,000 documents and 200,000
  // timesheet entries (issue 16). Every role but guest opens contracts and timesheets; the document library is
  // Administration's.
  {
    key: 'contracts.page1',
    label: 'Contracts, page 1',
    kind: 'list',
    roles: ['admin', 'consultant'],
    path: '/api/contracts?pageSize=50',
  },
  {
    key: 'contracts.status',
    label: "Contracts, status 'expired'",
    kind: 'list',
    roles: ['admin', 'consultant'],
    path: '/api/contracts?pageSize=50&status=expired',
  },
  {
    key: 'contracts.search',
    label: "Contracts, search 'smi'",
    kind: 'search',
    roles: ['admin', 'consultant'],
    path: '/api/contracts?pageSize=50&search=smi',
  },
  {
    key: 'documents.page1',
    label: 'Documents, page 1',
    kind: 'list',
    roles: ['admin'],
    path: '/api/documents?pageSize=50',
  },
  {
    key: 'documents.search',
    label: "Documents, search 'checklist'",
    kind: 'search',
    roles: ['admin'],
    path: '/api/documents?pageSize=50&search=checklist',
  },
  {
    key: 'timesheets.week',
    label: 'Timesheet, own week',
    kind: 'list',
    roles: ['admin', 'consultant'],
    path: '/api/timesheets',
  },
  {
    key: 'timesheets.otherWeek',
    label: "Timesheet, a consultant's week two weeks ago",
    kind: 'list',
    roles: ['admin'],
    path: (ctx) => `/api/timesheets?userId=${ctx.users.consultant.id}&weekStart=${addDays(ctx.weekStart, -14)}`,
  },
  {
    key: 'timesheets.approvals',
    label: 'Timesheet approvals (the 100 oldest submitted weeks)',
    kind: 'list',
    roles: ['admin'],
    path: '/api/timesheets/weeks',
  },
  {
    key: 'timesheets.report',
    label: 'Timesheet report, five weeks',
    kind: 'stats',
    roles: ['admin', 'consultant'],
    path: (ctx) => `/api/timesheets/report?from=${addDays(ctx.weekStart, -28)}&to=${addDays(ctx.weekStart, 6)}`,
  },
];

/** Invoice PDFs timed one after another (issue 13 item 8): one line, and 200 lines over several pages. */
export const PDF_SIZES = [1, 200];
const PDF_RUNS = 15;

/** The whole services export, once per format, timed to its last byte with the server's memory watched. */
export const EXPORTS = ['csv', 'xlsx'];

/** The bare server's routes, each beside the app endpoint it is the ceiling of (as the administrator). */
export const CEILINGS = [
  { key: 'ceiling.constant', label: 'Bare route, constant answer', of: null, path: '/constant' },
  {
    key: 'ceiling.leads.page1',
    label: 'Bare route, leads page 1 (same SQL)',
    of: 'leads.page1',
    path: '/leads?page=1&pageSize=50',
  },
  {
    key: 'ceiling.leads.detail',
    label: 'Bare route, lead detail (same SQL)',
    of: 'leads.detail',
    path: (ctx) => `/leads/${ctx.leadId.admin}`,
  },
];

/** What the growth step measures again at five times the size (the administrator's view). */
export const GROWTH_KEYS = [
  'leads.page1',
  'leads.page20',
  'leads.deep',
  'leads.last',
  'leads.search2',
  'leads.search3',
  'leads.phone',
  'leads.detail',
  'dashboard.stats',
  'records.page1',
];

// ---------------------------------------------------------------------------------------------------------

function parseArgs(argv) {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const valueOf = (name) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const positional = argv.filter(
    (a, i) => !a.startsWith('--') && !['--db', '--duration', '--connections', '--only'].includes(argv[i - 1]),
  );
  const quick = flags.has('--quick');
  const [leads, clients, contacts, services] = positional.map((v) => Number.parseInt(v, 10));
  const counts = {
    leads: leads ?? (quick ? 10_000 : 100_000),
    clients: clients ?? (quick ? 3_000 : 30_000),
    contacts: contacts ?? (quick ? 500 : 5_000),
  };
  counts.services = services ?? Math.round(counts.leads * 1.5);
  return {
    quick,
    counts,
    db: valueOf('--db') ?? (quick ? (process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite') : 'both'),
    growth: flags.has('--no-growth') ? 'none' : flags.has('--growth') ? 'all' : quick ? 'none' : 'first',
    duration: Number(valueOf('--duration') ?? (quick ? 1 : 10)),
    warmup: quick ? 0.3 : 2,
    aloneRequests: quick ? 5 : 40,
    // The quick run's list is about 150 pages long; 50 Next clicks are deep enough for a smoke test.
    deepPages: quick ? 50 : DEEP_PAGES,
    connections: Number(valueOf('--connections') ?? 20),
    acceptEncoding: flags.has('--identity') ? 'identity' : 'gzip, deflate, br',
    only: valueOf('--only') ?? null,
    write: !valueOf('--only') && (flags.has('--write') || (!quick && !flags.has('--no-write'))),
    keep: flags.has('--keep'),
  };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const scratch = mkdtempSync(join(tmpdir(), 'crm-load-bench-'));
  const webDist = process.env.WEB_DIST_DIR || buildWeb(join(scratch, 'dist'));
  const targets = await chooseDatabases(options);
  if (targets.length === 0)
    throw new Error('No database to measure (PostgreSQL is not reachable and --db postgres was given)');
  console.log(
    `\nLoad benchmark: ${targets.map((t) => t.label).join(' and ')}; ${options.connections} connections, ` +
      `${options.duration} s per endpoint${options.quick ? ' (quick)' : ''}`,
  );

  // Other work on the machine moves every figure; say so where it shows.
  if (loadavg()[0] > availableParallelism() / 2)
    console.log(`Note: load average ${loadavg()[0].toFixed(2)} before starting: the machine is busy.`);
  const run = {
    measuredAt: new Date().toISOString(),
    machine: machine(),
    options: { ...options, counts: options.counts },
    databases: [],
  };
  try {
    for (const [i, target] of targets.entries()) {
      const growth = options.growth === 'all' || (options.growth === 'first' && i === 0);
      run.databases.push(await benchDatabase(target, options, { webDist, scratch, growth }));
    }
  } finally {
    if (!options.keep) for (const t of targets) await t.dispose?.();
    rmSync(scratch, { recursive: true, force: true });
  }
  run.seconds = Math.round((Date.now() - started) / 1000);
  run.machine.loadAverageAtEnd = loadavg().map((v) => Number(v.toFixed(2)));

  printResults(run);
  mkdirSync(RESULTS_DIR, { recursive: true });
  for (const db of run.databases) {
    // A partial run (--quick, --only) never stands in for a full one in BENCHMARKS.md (withEarlierRuns).
    const prefix = `${options.quick ? 'quick-' : ''}${options.only ? `only-${options.only}-` : ''}`;
    const file = join(RESULTS_DIR, `load-${prefix}${db.kind}.json`);
    writeFileSync(file, JSON.stringify({ ...run, databases: [db] }, null, 2) + '\n');
    console.log(`Wrote ${file}`);
  }
  if (options.write) await writeBenchmarksSection(join(ROOT, 'BENCHMARKS.md'), withEarlierRuns(run));
  console.log(`Load benchmark done in ${run.seconds} s.`);
}

/** This run, and the last full run of each database it did not measure (from bench-results/), PostgreSQL first. */
function withEarlierRuns(run) {
  const order = ['postgres', 'pglite'];
  const measured = new Set(run.databases.map((d) => d.kind));
  const earlier = order
    .filter((kind) => !measured.has(kind) && existsSync(join(RESULTS_DIR, `load-${kind}.json`)))
    .map((kind) => JSON.parse(readFileSync(join(RESULTS_DIR, `load-${kind}.json`), 'utf8')));
  const first = (r) => Math.min(...r.databases.map((d) => order.indexOf(d.kind)));
  return [run, ...earlier].sort((a, b) => first(a) - first(b));
}

// ---------------------------------------------------------------------------------------------------------
// Databases

async function chooseDatabases(options) {
  const targets = [];
  if (options.db === 'postgres' || options.db === 'both') {
    const postgres = await preparePostgres();
    if (postgres) targets.push(postgres);
    else console.log(`PostgreSQL at ${POSTGRES_SERVER} is not reachable: measuring PGlite only.`);
  }
  if (options.db === 'pglite' || options.db === 'both') {
    const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-pglite-'));
    targets.push({
      kind: 'pglite',
      label: `PGlite (${dataDir})`,
      env: { DATABASE_URL: '', DATA_DIR: dataDir },
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    });
  }
  return targets;
}

/** BENCH_DATABASE_URL as it is (an empty database), else a scratch database made afresh and dropped after. */
async function preparePostgres() {
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-pg-'));
  const base = { kind: 'postgres', dataDir };
  // A server on PostgreSQL refuses to start without a backup signing key (docs/decisions/0028).
  const backupSigningKey = randomBytes(32).toString('base64');
  if (process.env.BENCH_DATABASE_URL) {
    const url = process.env.BENCH_DATABASE_URL;
    return {
      ...base,
      label: `PostgreSQL (BENCH_DATABASE_URL)`,
      database: new URL(url).pathname.slice(1),
      env: { DATABASE_URL: url, DATA_DIR: dataDir, BACKUP_SIGNING_KEY: backupSigningKey },
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const admin = new pg.Client({ connectionString: `${POSTGRES_SERVER}/postgres`, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    const version = (await admin.query('show server_version')).rows[0].server_version;
    await admin.query(`drop database if exists ${SCRATCH_DATABASE} with (force)`);
    await admin.query(`create database ${SCRATCH_DATABASE}`);
    const url = `${POSTGRES_SERVER}/${SCRATCH_DATABASE}`;
    return {
      ...base,
      label: `PostgreSQL ${version.split(' ')[0]} (scratch database ${SCRATCH_DATABASE})`,
      version,
      database: SCRATCH_DATABASE,
      env: { DATABASE_URL: url, DATA_DIR: dataDir, BACKUP_SIGNING_KEY: backupSigningKey },
      dispose: async () => {
        rmSync(dataDir, { recursive: true, force: true });
        const c = new pg.Client({ connectionString: `${POSTGRES_SERVER}/postgres` });
        await c.connect();
        await c.query(`drop database if exists ${SCRATCH_DATABASE} with (force)`);
        await c.end();
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`(PostgreSQL: ${error.message})`);
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
}

function loadData(target, counts) {
  const args = [counts.leads, counts.clients, counts.contacts, counts.services].map(String);
  console.log(`\n[${target.kind}] loading ${args.join(' / ')} leads / clients / contacts / services …`);
  const t = Date.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/scripts/seed-large.ts', ...args, '--load-only'],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...target.env, LOG_LEVEL: 'warn' } },
  );
  if (result.status !== 0) throw new Error(`Loading the data set failed (exit ${result.status})`);
  return (Date.now() - t) / 1000;
}

// ---------------------------------------------------------------------------------------------------------
// One database: load, measure, (grow, measure again)

async function benchDatabase(target, options, { webDist, scratch, growth }) {
  const result = { kind: target.kind, label: target.label, version: target.version ?? null, sizes: [] };
  const counts = options.counts;
  const loadSeconds = loadData(target, counts);
  result.sizes.push({
    counts,
    loadSeconds,
    ...(await measureAt(target, options, { webDist, scratch, keys: null })),
  });
  if (growth) {
    // The same phone number at both sizes, so that its growth ratio compares one search with itself.
    const phone = result.sizes[0].phone;
    const more = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v * (GROWTH_FACTOR - 1)]));
    const grownSeconds = loadData(target, more);
    result.sizes.push({
      counts: Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v * GROWTH_FACTOR])),
      loadSeconds: grownSeconds,
      ...(await measureAt(target, options, { webDist, scratch, keys: GROWTH_KEYS, phone })),
    });
  }
  return result;
}

async function measureAt(target, options, { webDist, scratch, keys, phone }) {
  const chosen = options.only
    ? ENDPOINTS.filter(
        (e) => options.only.split(',').some((prefix) => e.key.startsWith(prefix)) || e.key === 'leads.detail',
      )
    : ENDPOINTS;
  const wanted = keys ? chosen.filter((e) => keys.includes(e.key)) : chosen;
  const logFile = join(scratch, `server-${target.kind}-${Date.now()}.log`);
  const server = await startProcess('server', ['apps/server/src/main.ts'], target, logFile, {
    NODE_ENV: 'production',
    WEB_DIST_DIR: webDist,
    // The production default: one log line per request (to a file here).
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  });
  const measured = [];
  const exports = [];
  const pdfs = [];
  let context;
  let serverMemory;
  try {
    const sessions = {};
    for (const [role, email] of Object.entries(ROLES)) sessions[role] = await signIn(server.base, email);
    context = await discover(
      server.base,
      sessions,
      keys === null || keys.includes('leads.deep'),
      phone,
      options.deepPages,
    );
    console.log(
      `[${target.kind}] ${context.visibleLeads?.toLocaleString('en-AU') ?? '?'} leads in the administrator's list; ` +
        `deep page ${context.deep.depth} by cursor; phone search '${context.phone}'`,
    );
    // The first endpoint measured should not pay for the server's cold start (JIT, pool, caches).
    await cannon(
      server.base + page({ page: '1' }),
      { cookie: sessions.admin.cookie },
      {
        connections: options.connections,
        duration: options.warmup * 2,
      },
    );
    const t = Date.now();
    for (const endpoint of wanted) {
      for (const role of endpoint.roles) {
        if (keys && role !== 'admin') continue;
        const path = typeof endpoint.path === 'function' ? endpoint.path(context, role) : endpoint.path;
        measured.push(
          await measureEndpoint(server, target, options, {
            key: endpoint.key,
            label: endpoint.label,
            kind: endpoint.kind,
            role,
            path,
            headers: { cookie: sessions[role].cookie },
          }),
        );
      }
    }
    console.log(`[${target.kind}] ${measured.length} endpoint runs in ${Math.round((Date.now() - t) / 1000)} s`);
    if (!keys && (!options.only || options.only.split(',').some((prefix) => 'services.export'.startsWith(prefix))))
      for (const format of EXPORTS) exports.push(await measureExport(server, format, sessions.admin.cookie));
    if (!keys && (!options.only || options.only.split(',').some((prefix) => 'invoices.pdf'.startsWith(prefix))))
      for (const items of PDF_SIZES) pdfs.push(await measurePdf(server, items, sessions.admin.cookie));
  } finally {
    serverMemory = memoryMb(server.child.pid);
    await stopProcess(server);
  }

  const ceilings = [];
  let ceilingMemory = null;
  if (!keys) {
    const ceiling = await startProcess('ceiling', ['scripts/bench/ceiling-server.ts'], target, logFile + '.ceiling', {
      BENCH_VIEWER_ID: context.users.admin.id,
      BENCH_VIEWER_ROLE: context.users.admin.role,
    });
    try {
      for (const c of CEILINGS) {
        const path = typeof c.path === 'function' ? c.path(context) : c.path;
        ceilings.push({
          ...(await measureEndpoint(ceiling, target, options, {
            key: c.key,
            label: c.label,
            kind: 'ceiling',
            role: 'admin',
            path,
            headers: {},
          })),
          of: c.of,
        });
      }
    } finally {
      ceilingMemory = memoryMb(ceiling.child.pid);
      await stopProcess(ceiling);
    }
  }
  return {
    visibleLeads: context.visibleLeads,
    deepDepth: context.deep.depth,
    phone: context.phone,
    server: { startSeconds: server.startSeconds, ...serverMemory },
    ceilingServer: ceilingMemory,
    endpoints: measured,
    exports,
    pdfs,
    ceilings,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Processes

async function freePort() {
  const probe = createServer();
  await new Promise((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address();
  await new Promise((done) => probe.close(done));
  return port;
}

/** Node itself runs the TypeScript (tsx as a loader, as `npm start` does), so its pid is the one to read. */
async function startProcess(name, args, target, logFile, extraEnv) {
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const t = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    env: { ...process.env, ...target.env, ...extraEnv, PORT: String(port), HOST: '127.0.0.1' },
  });
  closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  const probe = name === 'server' ? '/api/health' : '/constant';
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The ${name} stopped (exit ${child.exitCode}):\n${tail(logFile)}`);
    if (Date.now() > deadline) throw new Error(`The ${name} did not start within 3 minutes:\n${tail(logFile)}`);
    try {
      if ((await fetch(base + probe)).ok) break;
    } catch {
      // Not listening yet.
    }
    await delay(200);
  }
  return { name, child, base, logFile, startSeconds: (Date.now() - t) / 1000 };
}

async function stopProcess({ child }) {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

// ---------------------------------------------------------------------------------------------------------
// Signing in and finding what the paths need

async function signIn(base, email) {
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`Sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { user } = await res.json();
  return { cookie, user: { id: user.id, role: user.role } };
}

async function getJson(base, path, cookie) {
  const res = await fetch(base + path, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res.json();
}

async function discover(base, sessions, wantDeep, knownPhone, deepPages = DEEP_PAGES) {
  const first = await getJson(base, page({ page: '1' }), sessions.admin.cookie);
  const own = await getJson(base, page({ page: '1' }), sessions.consultant.cookie);
  const leadId = { admin: first.items[0]?.id, consultant: own.items[0]?.id };
  // A number as staff type it: the national form of a stored Australian or Philippine number.
  const withPhone = first.items.find((l) => /^\+6[13] /.test(l.contactNumberDisplay ?? '')) ?? first.items[0];
  const phone =
    knownPhone ??
    (withPhone?.contactNumberDisplay ?? withPhone?.contactNumber ?? '0412 345 678').replace(/^\+6[13] /, '0');
  // Next, Next, … as a user would: the cursor of page DEEP_PAGES (or of the last page, on a short list).
  let cursor = first.nextCursor;
  let depth = 1;
  while (wantDeep && cursor && depth < deepPages - 1) {
    const next = await getJson(base, page({ after: cursor }), sessions.admin.cookie);
    if (!next.nextCursor) break;
    cursor = next.nextCursor;
    depth += 1;
  }
  return {
    users: { admin: sessions.admin.user, consultant: sessions.consultant.user },
    leadId,
    phone,
    deep: { cursor, depth: depth + 1 },
    visibleLeads: first.total,
    yearAgo: monthAYearAgo(new Date()),
    // This week's Monday on the firm's calendar, as the server counts it.
    weekStart: (await getJson(base, '/api/timesheets', sessions.admin.cookie)).weekStart,
  };
}

/** An ISO date `days` after another (negative: before). */
function addDays(date, days) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first and last day of the month a year before `now` (the audit log's date filter). */
function monthAYearAgo(now) {
  const start = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth() + 1, 0));
  const day = (d) => d.toISOString().slice(0, 10);
  return { from: day(start), to: day(end) };
}

// ---------------------------------------------------------------------------------------------------------
// One endpoint under load

async function measureEndpoint(proc, target, options, { key, label, kind, role, path, headers }) {
  const url = proc.base + path;
  const allHeaders = { ...headers, 'accept-encoding': options.acceptEncoding };
  const entry = { key, label, kind, role, path: path.length > 140 ? `${path.slice(0, 137)}…` : path };
  const check = await fetch(url, { headers: allHeaders });
  const body = await check.text();
  if (check.status !== 200) {
    console.log(`  ${label} (${role}): FAILED ${check.status} ${body.slice(0, 200)}`);
    return { ...entry, failed: { status: check.status, body: body.slice(0, 500) } };
  }
  entry.bytes = body.length;
  // Warm-up (not counted): the first requests compile code paths, open pool connections and fill caches.
  await cannon(url, allHeaders, { connections: options.connections, duration: options.warmup });

  // One user alone (one connection, one request at a time): the latency the idle-machine aims are about,
  // which 20 connections on two cores hide behind queueing.
  const alone = await cannon(url, allHeaders, { connections: 1, amount: options.aloneRequests });
  const aloneSorted = alone.latencies.sort((a, b) => a - b);
  const aloneAt = (p) =>
    aloneSorted[Math.min(aloneSorted.length - 1, Math.floor((p / 100) * aloneSorted.length))] ?? NaN;
  entry.alone = { requests: aloneSorted.length, p50: aloneAt(50), p95: aloneAt(95) };

  const pgBefore = target.kind === 'postgres' ? postgresBackends(target.database) : null;
  const cpuBefore = cpuMs(proc.child.pid);
  const run = await cannon(url, allHeaders, { connections: options.connections, duration: options.duration });
  const cpuAfter = cpuMs(proc.child.pid);
  const pgAfter = target.kind === 'postgres' ? postgresBackends(target.database) : null;

  const requests = run.count;
  if (run.latencies.length === 0) {
    const why = `no 2xx answer within ${run.seconds} s (${run.non2xx} non-2xx, ${run.errors} errors)`;
    console.log(`  ${label} (${role}): FAILED: ${why}`);
    return { ...entry, failed: { status: why, body: '' } };
  }
  const latencies = run.latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  Object.assign(entry, {
    requests,
    ok: latencies.length,
    non2xx: run.non2xx,
    errors: run.errors,
    timeouts: run.timeouts,
    seconds: run.seconds,
    rps: latencies.length / run.seconds,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: latencies.at(-1) ?? NaN,
    cpuMsPerRequest: requests > 0 ? (cpuAfter - cpuBefore) / requests : NaN,
    postgresCpuMsPerRequest: pgBefore && requests > 0 ? backendCpuBetween(pgBefore, pgAfter) / requests : null,
  });
  const pgCpu = entry.postgresCpuMsPerRequest === null ? '' : ` + pg ${entry.postgresCpuMsPerRequest.toFixed(2)}`;
  console.log(
    `  ${`${label} (${role})`.padEnd(52)} alone p50 ${fmt(entry.alone.p50)} | p50 ${fmt(entry.p50)} p95 ${fmt(entry.p95)} p99 ${fmt(entry.p99)} ms  ` +
      `${entry.rps.toFixed(0).padStart(5)} req/s  cpu ${entry.cpuMsPerRequest.toFixed(2)}${pgCpu} ms/req` +
      (run.non2xx || run.errors ? `  (${run.non2xx} non-2xx, ${run.errors} errors)` : ''),
  );
  return entry;
}

/**
 * GET /api/services/export of every service (no filter), read to its last byte by one client as a browser
 * would, while the server's resident memory is sampled: the growth is the highest sample over the one
 * just before the request (VmHWM is the process's lifetime peak, which the load runs before have set).
 */
async function measureExport(proc, format, cookie) {
  const entry = { format, path: `/api/services/export?format=${format}` };
  // Garbage from the load runs before would otherwise be collected during the export and hide its growth.
  await delay(2000);
  const before = memoryMb(proc.child.pid).rssMb;
  let highest = before;
  const sampler = setInterval(() => {
    const now = memoryMb(proc.child.pid).rssMb;
    if (now > highest) highest = now;
  }, 25);
  const t = process.hrtime.bigint();
  try {
    const res = await fetch(proc.base + entry.path, { headers: { cookie, 'accept-encoding': 'identity' } });
    if (!res.ok) throw new Error(`${res.status} ${(await res.text()).slice(0, 200)}`);
    const firstByte = Number(process.hrtime.bigint() - t) / 1e6;
    let bytes = 0;
    let newlines = 0;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      if (format === 'csv') for (const b of chunk) if (b === 10) newlines += 1;
    }
    Object.assign(entry, {
      seconds: Number(process.hrtime.bigint() - t) / 1e9,
      firstByteMs: firstByte,
      bytes,
      // The CSV's rows (less its header); the workbook is zipped, its rows are what the CSV counted.
      rows: format === 'csv' ? newlines - 1 : null,
    });
  } catch (error) {
    entry.failed = String(error.message ?? error);
  } finally {
    clearInterval(sampler);
  }
  Object.assign(entry, { rssBeforeMb: before, rssHighestMb: highest, growthMb: highest - before });
  console.log(
    entry.failed
      ? `  Export ${format}: FAILED ${entry.failed}`
      : `  Export ${format}: ${entry.seconds.toFixed(1)} s, ${(entry.bytes / 1e6).toFixed(1)} MB` +
          `${entry.rows === null ? '' : `, ${entry.rows.toLocaleString('en-AU')} rows`}; ` +
          `server memory ${entry.rssBeforeMb.toFixed(0)} → ${entry.rssHighestMb.toFixed(0)} MB (+${entry.growthMb.toFixed(0)})`,
  );
  return entry;
}

/**
 * An invoice of `items` lines made through the API, then its PDF asked for PDF_RUNS times one after the
 * other (no concurrency: a document is one user's click), timed to the last byte with the server's memory
 * watched.
 */
async function measurePdf(proc, items, cookie) {
  const entry = { items, runs: PDF_RUNS };
  try {
    const created = await fetch(`${proc.base}/api/invoices`, {
      method: 'POST',
      headers: { cookie, origin: proc.base, 'content-type': 'application/json' },
      body: JSON.stringify({
        issueDate: '2027-01-10',
        dueDate: '2027-01-24',
        clientName: 'Benchmark Client',
        clientAddress: '1 George St, Sydney NSW 2000',
        currency: 'AUD',
        items: Array.from({ length: items }, (_, i) => ({
          description: `Professional services, item ${i + 1}`,
          quantity: '1',
          rate: '120.00',
          taxable: i % 3 !== 0,
        })),
      }),
    });
    if (created.status !== 201) throw new Error(`${created.status} ${(await created.text()).slice(0, 200)}`);
    const { id } = await created.json();
    await delay(1000);
    const before = memoryMb(proc.child.pid).rssMb;
    let highest = before;
    const sampler = setInterval(() => {
      const now = memoryMb(proc.child.pid).rssMb;
      if (now > highest) highest = now;
    }, 25);
    const times = [];
    try {
      for (let run = 0; run < PDF_RUNS; run++) {
        const t = process.hrtime.bigint();
        const res = await fetch(`${proc.base}/api/invoices/${id}/pdf`, { headers: { cookie } });
        const bytes = Buffer.from(await res.arrayBuffer());
        if (!res.ok) throw new Error(`${res.status} ${bytes.toString().slice(0, 200)}`);
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
        entry.bytes = bytes.length;
        entry.pages = (bytes.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
      }
    } finally {
      clearInterval(sampler);
    }
    times.sort((a, b) => a - b);
    Object.assign(entry, {
      p50Ms: times[Math.floor(times.length / 2)],
      maxMs: times.at(-1),
      rssBeforeMb: before,
      rssHighestMb: highest,
      growthMb: highest - before,
    });
  } catch (error) {
    entry.failed = String(error.message ?? error);
  }
  console.log(
    entry.failed
      ? `  PDF of ${items} item(s): FAILED ${entry.failed}`
      : `  PDF of ${items} item(s): ${entry.pages} page(s), ${(entry.bytes / 1e3).toFixed(0)} KB, p50 ${entry.p50Ms.toFixed(0)} ms, ` +
          `max ${entry.maxMs.toFixed(0)} ms; server memory +${entry.growthMb.toFixed(0)} MB`,
  );
  return entry;
}

const fmt = (v) => (Number.isFinite(v) ? v.toFixed(1).padStart(7) : '      –');

/** One autocannon run; every answer's latency kept (autocannon's own summary has no 95th percentile). */
function cannon(url, headers, { connections, duration, amount }) {
  return new Promise((done, fail) => {
    const latencies = [];
    let count = 0;
    let non2xx = 0;
    const instance = autocannon(
      // A run stops at the first sample tick after its duration: tick often, so it lasts what it says.
      { url, headers, connections, timeout: 60, sampleInt: 100, ...(amount ? { amount } : { duration }) },
      (error, result) => {
        if (error) return fail(error);
        done({ latencies, count, non2xx, errors: result.errors, timeouts: result.timeouts, seconds: result.duration });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      count += 1;
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else non2xx += 1;
    });
  });
}

function buildWeb(outDir) {
  if (existsSync(join(outDir, 'index.html'))) return outDir;
  console.log(`Building the web app into ${outDir} …`);
  const result = spawnSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: join(ROOT, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('The web build failed');
  return outDir;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
