// `npm run bench:import` (issue 15 item 5): a 50,000-row CSV of leads imported through the real route
// (POST /api/imports/leads, skip_invalid) into a fresh database — PGlite in a temporary folder, or the
// PostgreSQL server of BENCH_DATABASE_URL (an empty database: the script migrates it and leaves its rows)
// — after a dry run of the same file. Prints the time of each and the process's peak RSS, the figure
// BENCHMARKS.md records. ROWS=… changes the size; FORMAT=xlsx sends the same rows as an Excel workbook.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { createMailer } from '../plugins/mail.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { demoEmail, seedDemoUsers } from '../seed/demo-users.ts';
import { localDiskStorage } from '../storage/file-storage.ts';

const ROWS = Number(process.env.ROWS ?? 50_000);
const FORMAT = process.env.FORMAT === 'xlsx' ? 'xlsx' : 'csv';
const PASSWORD = 'Bench-Password-1!';
const serverUrl = process.env.BENCH_DATABASE_URL?.trim() || null;

const mb = (kilobytes: number) => `${Math.round(kilobytes / 1024)} MB`;
const peakRss = () => process.resourceUsage().maxRSS;

/** Every lead column the form has, a few rows bad (no last name) so the error report is written too. */
function leadsCsv(rows: number): Buffer {
  const lines = [
    'First Name,Last Name,Email,Contact Number,Date of Birth,Nationality,Country of Residence,Applicant Location,Current Visa,Visa Expiry,Desired Visa,Lead Status,Lead Source',
  ];
  for (let i = 0; i < rows; i++) {
    const last = i % 1000 === 999 ? '' : 'Importer';
    lines.push(
      `Bench,${last},bench.${i}@example.com,+61 4${String(10_000_000 + i).slice(-8)},1990-01-15,India,Australia,Inside Australia,Student 500,2027-06-30,Temporary Graduate 485,New Lead Received,Website`,
    );
  }
  return Buffer.from(lines.join('\n'));
}

/** The CSV's rows as a workbook, written by exceljs's streaming writer. */
async function asWorkbook(csv: Buffer): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out });
  const sheet = workbook.addWorksheet('Leads');
  for (const line of csv.toString('utf8').split('\n')) sheet.addRow(line.split(',')).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

function multipart(bytes: Buffer) {
  const boundary = '----crmbenchboundary';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

const dataDir = serverUrl ? null : mkdtempSync(join(tmpdir(), 'crm-bench-import-'));
const filesDir = mkdtempSync(join(tmpdir(), 'crm-bench-import-files-'));
const database = serverUrl
  ? await openDatabase({ kind: 'postgres', url: serverUrl })
  : await openDatabase({ kind: 'pglite', dataDir: join(dataDir!, 'pgdata') });
try {
  await seedDemoUsers(database.db, PASSWORD);
  const config = {
    ...readConfig({ WEB_DIST_DIR: '' }),
    databaseUrl: serverUrl,
    seedDemo: false,
    demoPassword: PASSWORD,
  };
  const app = await buildApp({
    config,
    database,
    mailer: createMailer({ smtpUrl: null }),
    storage: localDiskStorage(filesDir),
  });
  await app.ready();
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: demoEmail('administrator'), password: PASSWORD },
  });
  const session = signIn.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!session) throw new Error(`Sign-in failed: ${signIn.body}`);
  const cookie = `${SESSION_COOKIE}=${session.value}`;

  const file = FORMAT === 'xlsx' ? await asWorkbook(leadsCsv(ROWS)) : leadsCsv(ROWS);
  const before = peakRss();
  console.log(
    `${ROWS.toLocaleString('en-AU')} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB of ${FORMAT === 'xlsx' ? 'Excel' : 'CSV'} (${serverUrl ? 'PostgreSQL' : 'PGlite'}); peak RSS before: ${mb(before)}`,
  );
  for (const [label, query] of [
    ['dry run', 'mode=skip_invalid&dryRun=true'],
    ['import', 'mode=skip_invalid'],
  ] as const) {
    const started = performance.now();
    const body = multipart(file);
    const res = await app.inject({
      method: 'POST',
      url: `/api/imports/leads?${query}`,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
    const result = res.json() as { validRows: number; invalidRows: number; importedRows: number };
    console.log(
      `${label}: ${seconds} s — valid ${result.validRows}, invalid ${result.invalidRows}, imported ${result.importedRows}; peak RSS so far ${mb(peakRss())}`,
    );
  }
  await app.close();
} finally {
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  rmSync(filesDir, { recursive: true, force: true });
}
