// `npm run seed:large [-- leads [clients [contacts [services [tasks [invoices [audit [users [contracts
// [documents [timesheet entries [mails]]]]]]]]]]]] [--load-only]`: loads 100,000
// generated leads, 30,000 clients (the leads converted in this load first, linked both ways, then walk-ins),
// 5,000 contacts (archived leads), 150,000 services, 200,000 tasks and notes spread over the leads and clients
// (the tasks assigned across the staff), 50,000 invoices, a million audit rows, 1,000 staff users, 20,000
// contracts, 50,000 documents, 200,000 timesheet entries and 300,000 Mail log messages into the configured
// database (DATABASE_URL, else the PGlite folder in DATA_DIR; stop the server first), then times the list
// endpoints on it in this process and prints the figures. `-- 0 0 0 0` only measures; `--load-only` only
// loads (the load benchmark, scripts/bench/load.mjs, drives the real server under concurrent load instead).
// The generator is seeded from the rows already there, so a load into an empty database is the same every
// time, and a second load adds rows that do not collide with the first.
import { CONVERSION_NOTE, CONVERTED_STATUS, LOST_LEAD_STATUS, DAY_MS } from '@crm/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { configuredDatabase, type Executor, openDatabase } from '../db/database.ts';
import { clientFromLead } from '../features/clients/conversion.service.ts';
import { countAllClients, insertClients } from '../features/clients/clients.repository.ts';
import { countAllContacts, insertContacts } from '../features/contacts/contacts.repository.ts';
import {
  convertedLeadsWithoutClient,
  countAllLeads,
  insertLeads,
  insertLeadsReturning,
  linkConvertedLeads,
} from '../features/leads/leads.repository.ts';
import { contactFromLead } from '../features/leads/leads.service.ts';
import { createSession, deleteSessionById, hashToken } from '../platform/credentials/sessions.repository.ts';
import { hashPassword } from '../platform/credentials/password-hash.ts';
import { listAllUserRoles } from '../features/users/users.repository.ts';
import { createMailer } from '../plugins/mail.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { completeClient, type GeneratedClient, generateClient } from '../seed/client-generator.ts';
import { seedDemoUsers } from '../seed/demo-users.ts';
import { loadServices } from '../seed/large-services.ts';
import { loadInvoices } from '../seed/large-invoices.ts';
import { loadAuditLog, loadMailLog, loadStaff } from '../seed/large-administration.ts';
import { loadTasks } from '../seed/large-tasks.ts';
import { loadContracts } from '../seed/large-contracts.ts';
import { loadDocuments } from '../seed/large-documents.ts';
import { loadTimesheets } from '../seed/large-timesheets.ts';
import { readFirmToday } from '../platform/settings/settings.repository.ts';
import { createRandom, generateLead, type Random, type SeedUsers, seedUsersFrom } from '../seed/lead-generator.ts';

const BATCH = 1_000;
/** Clients carry about 50 values a row: 500 rows stay under PostgreSQL's 65,535 parameters per statement. */
const CLIENT_BATCH = 500;
const RUNS = 7;

const config = readConfig();
const args = process.argv.slice(2);
const loadOnly = args.includes('--load-only');
const counts = args.filter((a) => !a.startsWith('--'));
const countArg = (position: number, env: string | undefined, fallback: number) =>
  Number.parseInt(counts[position] ?? env ?? String(fallback), 10);
const total = countArg(0, process.env.SEED_LARGE_COUNT, 100_000);
const clientTotal = countArg(1, process.env.SEED_LARGE_CLIENTS, 30_000);
const contactTotal = countArg(2, process.env.SEED_LARGE_CONTACTS, 5_000);
/** 150,000 at 100,000 leads (issue 11): one and a half per lead by default. */
const serviceTotal = countArg(3, process.env.SEED_LARGE_SERVICES, Math.round(total * 1.5));
/** 200,000 at 100,000 leads (issue 12): two per lead by default. */
const taskTotal = countArg(4, process.env.SEED_LARGE_TASKS, total * 2);
/** 50,000 at 100,000 leads (issue 13): one for every two leads by default. */
const invoiceTotal = countArg(5, process.env.SEED_LARGE_INVOICES, Math.round(total / 2));
/** Issue 14: a million audit rows and a thousand staff accounts at 100,000 leads. */
const auditTotal = countArg(6, process.env.SEED_LARGE_AUDIT, total * 10);
const staffTotal = countArg(7, process.env.SEED_LARGE_USERS, Math.max(10, Math.round(total / 100)));
/** Issue 16 at 100,000 leads: 20,000 contracts, 50,000 documents and 200,000 timesheet entries. */
const contractTotal = countArg(8, process.env.SEED_LARGE_CONTRACTS, Math.round(total / 5));
const documentTotal = countArg(9, process.env.SEED_LARGE_DOCUMENTS, Math.round(total / 2));
const timesheetTotal = countArg(10, process.env.SEED_LARGE_TIMESHEETS, total * 2);
/** Issue 27 at 100,000 leads: 300,000 Mail log messages (invoices, notifications, digests over three years). */
const mailTotal = countArg(11, process.env.SEED_LARGE_MAILS, total * 3);
const ms = (start: number) => performance.now() - start;
const thousands = (n: number) => n.toLocaleString('en-AU');

async function main() {
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(
    `Loading ${thousands(total)} leads, ${thousands(clientTotal)} clients, ${thousands(contactTotal)} contacts and ` +
      `${thousands(serviceTotal)} services, ${thousands(taskTotal)} tasks and notes, ${thousands(invoiceTotal)} invoices, ` +
      `${thousands(staffTotal)} staff users, ${thousands(auditTotal)} audit log rows, ${thousands(contractTotal)} contracts, ` +
      `${thousands(documentTotal)} documents, ${thousands(timesheetTotal)} timesheet entries and ` +
      `${thousands(mailTotal)} mails into ${where}`,
  );
  let t = performance.now();
  const database = await openDatabase(configuredDatabase(config));
  console.log(`open + migrate: ${ms(t).toFixed(0)} ms`);
  const db = database.db;
  try {
    await seedDemoUsers(db, config.demoPassword);
    const userRows = await listAllUserRoles(db);
    const users = seedUsersFrom(userRows);
    // Emails carry the index: start past anything an earlier run (or the demo seed) used.
    const base = 1_000_000 + (await countAllLeads(db)) + (await countAllClients(db)) + (await countAllContacts(db));
    const random = createRandom(base);
    const now = new Date();

    t = performance.now();
    for (let done = 0; done < total; done += BATCH) {
      const size = Math.min(BATCH, total - done);
      const rows = Array.from({ length: size }, (_, i) =>
        generateLead(random, { index: base + done + i, now, spreadDays: 3 * 365, users }),
      );
      await insertLeads(db, rows);
      if ((done / BATCH) % 10 === 9) console.log(`  ${thousands(done + size)} leads, ${(ms(t) / 1000).toFixed(1)} s`);
    }
    report('leads', total, t);

    t = performance.now();
    await loadClients(db, random, users, base + total, now);
    report('clients', clientTotal, t);

    t = performance.now();
    await loadContacts(db, random, users, base + total + clientTotal, now);
    report('contacts', contactTotal, t);

    t = performance.now();
    await loadServices(db, random, serviceTotal, now);
    report('services', serviceTotal, t);

    t = performance.now();
    const staff = userRows.filter((u) => u.role !== 'guest').map((u) => u.id);
    await loadTasks(db, random, taskTotal, staff, await readFirmToday(db), now);
    report('tasks and notes', taskTotal, t);

    t = performance.now();
    await loadInvoices(db, random, invoiceTotal, await readFirmToday(db));
    report('invoices', invoiceTotal, t);

    t = performance.now();
    await loadStaff(db, staffTotal, await hashPassword(config.demoPassword));
    report('staff users', staffTotal, t);

    t = performance.now();
    await loadAuditLog(db, auditTotal);
    report('audit log rows', auditTotal, t);

    t = performance.now();
    await loadContracts(db, contractTotal);
    report('contracts', contractTotal, t);

    t = performance.now();
    await loadDocuments(db, documentTotal);
    report('documents', documentTotal, t);

    t = performance.now();
    await loadTimesheets(db, timesheetTotal, await readFirmToday(db));
    report('timesheet entries', timesheetTotal, t);

    t = performance.now();
    await loadMailLog(db, mailTotal);
    report('mails', mailTotal, t);

    t = performance.now();
    await db.execute(sql`vacuum analyze users`);
    await db.execute(sql`vacuum analyze audit_logs`);
    await db.execute(sql`vacuum analyze services`);
    await db.execute(sql`vacuum analyze task_notes`);
    await db.execute(sql`vacuum analyze invoices`);
    await db.execute(sql`vacuum analyze contracts`);
    await db.execute(sql`vacuum analyze documents`);
    await db.execute(sql`vacuum analyze timesheet_entries`);
    await db.execute(sql`vacuum analyze timesheet_weeks`);
    await db.execute(sql`vacuum analyze mail_messages`);
    await db.execute(sql`analyze leads`);
    await db.execute(sql`analyze clients`);
    await db.execute(sql`analyze contacts`);
    const counts = [await countAllLeads(db), await countAllClients(db), await countAllContacts(db)].map(thousands);
    console.log(`analyze: ${ms(t).toFixed(0)} ms; now ${counts[0]} leads, ${counts[1]} clients, ${counts[2]} contacts`);

    if (!loadOnly) await measure(database, userRows);
  } finally {
    await database.close();
  }
}

function report(what: string, count: number, start: number) {
  const elapsed = ms(start);
  if (count > 0)
    console.log(
      `insert ${what}: ${(elapsed / 1000).toFixed(1)} s (${thousands(Math.round(count / (elapsed / 1000)))} rows/s)`,
    );
}

/**
 * The leads marked Converted to Client get their clients first (linked both ways, as a conversion does),
 * then walk-in clients make up the count.
 */
async function loadClients(db: Executor, random: Random, users: SeedUsers, base: number, now: Date) {
  if (clientTotal <= 0) return;
  const converted = (await convertedLeadsWithoutClient(db)).slice(0, clientTotal);
  for (let done = 0; done < converted.length; done += CLIENT_BATCH) {
    const leads = converted.slice(done, done + CLIENT_BATCH);
    const rows = leads.map((lead) => {
      const convertedAt = lead.convertedAt ?? lead.createdAt;
      const actor = lead.updatedBy ?? lead.createdBy ?? users.creators[0]!;
      return completeClient(
        random,
        {
          ...clientFromLead(lead, actor, CONVERSION_NOTE, convertedAt),
          createdAt: convertedAt,
          updatedAt: convertedAt,
        },
        now,
      );
    });
    const ids = await insertClients(db, rows);
    await linkConvertedLeads(
      db,
      leads.map((lead, i) => ({ leadId: lead.id, clientId: ids[i]!, convertedAt: lead.convertedAt ?? lead.createdAt })),
    );
  }
  console.log(`  ${thousands(converted.length)} clients converted from the loaded leads`);
  const walkIns = clientTotal - converted.length;
  for (let done = 0; done < walkIns; done += CLIENT_BATCH) {
    const size = Math.min(CLIENT_BATCH, walkIns - done);
    const rows: GeneratedClient[] = Array.from({ length: size }, (_, i) =>
      generateClient(random, { index: base + done + i, now, spreadDays: 3 * 365, users }),
    );
    await insertClients(db, rows);
  }
}

/** Archived leads (outside the leads lists) and the contacts they became. */
async function loadContacts(db: Executor, random: Random, users: SeedUsers, base: number, now: Date) {
  for (let done = 0; done < contactTotal; done += BATCH) {
    const size = Math.min(BATCH, contactTotal - done);
    const leads = Array.from({ length: size }, (_, i) => {
      const lead = generateLead(random, { index: base + done + i, now, spreadDays: 3 * 365, users });
      const created = (lead.createdAt as Date).getTime();
      const archivedAt = new Date(Math.min(now.getTime(), created + random.int(3, 90) * DAY_MS));
      const leadStatus = lead.leadStatus === CONVERTED_STATUS ? LOST_LEAD_STATUS : lead.leadStatus;
      return {
        ...lead,
        leadStatus,
        convertedAt: null,
        statusBeforeConversion: null,
        archivedAt,
        updatedAt: archivedAt,
      };
    });
    const archived = await insertLeadsReturning(db, leads);
    await insertContacts(
      db,
      archived.map((lead) =>
        contactFromLead(lead, lead.createdBy ?? users.creators[0]!, 'Archived by user', lead.archivedAt ?? now),
      ),
    );
  }
}

/** Times the list endpoints through the whole app (session, access check, validation, SQL, serialisation). */
async function measure(database: Awaited<ReturnType<typeof openDatabase>>, userRows: { id: string; role: string }[]) {
  const app = await buildApp({
    config: { ...config, webDistDir: null },
    database,
    mailer: createMailer({ smtpUrl: null }),
  });
  await app.ready();
  const sessions: string[] = [];
  const cookieFor = async (role: string) => {
    const user = userRows.find((u) => u.role === role);
    if (!user) return null;
    const { token } = await createSession(database.db, {
      userId: user.id,
      timeoutHours: 1,
      ipAddress: null,
      userAgent: 'seed-large',
    });
    sessions.push(hashToken(token));
    return `${SESSION_COOKIE}=${token}`;
  };
  try {
    const admin = await cookieFor('administrator');
    const consultant = await cookieFor('consultant');
    const cases: [string, string | null, string][] = [
      ['first page, default sort', admin, '/api/leads?page=1&pageSize=50'],
      [
        'status filter, page 20',
        admin,
        `/api/leads?status=${encodeURIComponent('New Lead Received')}&page=20&pageSize=50`,
      ],
      [
        'status filter, page 1',
        admin,
        `/api/leads?status=${encodeURIComponent('Consultation Completed')}&page=1&pageSize=50`,
      ],
      ["search 'smi'", admin, '/api/leads?search=smi&page=1&pageSize=50'],
      ["search 'pat', page 5", admin, '/api/leads?search=pat&page=5&pageSize=50'],
      // A number as people write it; the generator's Australian mobiles begin 040-043 or 046.
      [
        "search '0412 345 678' (phone)",
        admin,
        `/api/leads?search=${encodeURIComponent('0412 345 678')}&page=1&pageSize=50`,
      ],
      [
        "search '0412 34' (phone, begun)",
        admin,
        `/api/leads?search=${encodeURIComponent('0412 34')}&page=1&pageSize=50`,
      ],
      ['sort lastName asc, last page', admin, '/api/leads?sort=lastName:asc&last=true&pageSize=50'],
      ['consultant (own or assigned)', consultant, '/api/leads?page=1&pageSize=50'],
      ['filter options', admin, '/api/leads/filter-options'],
      ['dashboard lead statistics', admin, '/api/dashboard/lead-statistics'],
      ['dashboard lead trend', admin, '/api/dashboard/lead-trend'],
      ['clients: first page', admin, '/api/clients?page=1&pageSize=50'],
      [
        'clients: status filter, page 20',
        admin,
        `/api/clients?status=${encodeURIComponent('Application - Lodged')}&page=20&pageSize=50`,
      ],
      ["clients: search 'smi'", admin, '/api/clients?search=smi&page=1&pageSize=50'],
      ['clients: sort lastName asc, last page', admin, '/api/clients?sort=lastName:asc&last=true&pageSize=50'],
      ['clients: consultant', consultant, '/api/clients?page=1&pageSize=50'],
      ['clients: filter options', admin, '/api/clients/filter-options'],
      ['records: first page', admin, '/api/records?page=1&pageSize=50'],
      ['records: last page', admin, '/api/records?last=true&pageSize=50'],
      ["records: search 'smi'", admin, '/api/records?search=smi&page=1&pageSize=50'],
      ["records: search 'lodged' (status)", admin, '/api/records?search=lodged&page=1&pageSize=50'],
      [
        "records: search '+61412345678'",
        admin,
        `/api/records?search=${encodeURIComponent('+61412345678')}&page=1&pageSize=50`,
      ],
      ['records: type=client, page 10', admin, '/api/records?type=client&page=10&pageSize=50'],
      ['records: consultant', consultant, '/api/records?page=1&pageSize=50'],
      ['records: statistics', admin, '/api/records/statistics'],
      ['contacts: first page', admin, '/api/contacts?page=1&pageSize=50'],
      ["contacts: search 'pat'", admin, '/api/contacts?search=pat&page=1&pageSize=50'],
      [
        "contacts: search '412 345 678'",
        admin,
        `/api/contacts?search=${encodeURIComponent('412 345 678')}&page=1&pageSize=50`,
      ],
      ['contacts: consultant', consultant, '/api/contacts?page=1&pageSize=50'],
      ['contacts: statistics', admin, '/api/contacts/statistics'],
    ];
    // CPU time of this process: with PGlite it includes the database's work, and it is steadier than
    // wall time on a busy machine.
    console.log(
      `\n${'request'.padEnd(40)} ${'median'.padStart(8)} ${'min'.padStart(8)} ${'cpu'.padStart(8)}  total rows`,
    );
    for (const [label, cookie, url] of cases) {
      if (!cookie) continue;
      const times: number[] = [];
      const cpu: number[] = [];
      let body: { total?: number; totalRecords?: number; totalContacts?: number } = {};
      for (let run = 0; run < RUNS + 1; run++) {
        const start = performance.now();
        const startCpu = process.cpuUsage();
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        const elapsed = ms(start);
        const used = process.cpuUsage(startCpu);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        body = res.json();
        if (run === 0) continue; // the first run warms caches
        times.push(elapsed);
        cpu.push((used.user + used.system) / 1000);
      }
      const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
      const cells = [median(times), Math.min(...times), median(cpu)].map((v) => `${v.toFixed(1)} ms`.padStart(8));
      console.log(
        `${label.padEnd(40)} ${cells.join(' ')}  ${body.total ?? body.totalRecords ?? body.totalContacts ?? ''}`,
      );
    }
  } finally {
    for (const id of sessions) await deleteSessionById(database.db, id);
    await app.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
