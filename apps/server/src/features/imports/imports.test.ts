// Importing leads and clients (issue 15 item 5): CSV and Excel by content, the preview and its remembered
// mapping, per-row errors in the forms' words, duplicates within the file and against the database, dry
// run, all or nothing, skip invalid, the error report, and every refusal.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CLIENT_MESSAGES,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CELL_CHARACTERS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportPreview,
  type ImportResult,
  type Role,
} from '@crm/domain';
import { auditLogs, clients, importMappings, importRuns, leads } from '../../db/schema/index.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';
import { plainWorkbook, twinPartsWorkbook } from '../../../test/workbook-bombs.ts';
import { PERSON_IMPORT_LOCK } from '../record-kit/person-duplicates.ts';

let f: Fixture;
let tag = 0;
beforeAll(async () => {
  f = await createFixture();
  tag = Math.floor(Math.random() * 9000) + 1000;
});
afterAll(async () => {
  await f?.t.close();
});

const BOUNDARY = '----crmimportboundary';

function multipart(file: { name: string; type: string; bytes: Buffer } | null, mapping?: unknown) {
  const parts: Buffer[] = [];
  if (mapping !== undefined) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${JSON.stringify(mapping)}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

const csvFile = (text: string) => ({ name: 'people.csv', type: 'text/csv', bytes: Buffer.from(text) });
const xlsxFile = (bytes: Buffer) => ({ name: 'people.xlsx', type: 'application/octet-stream', bytes });

async function post(role: Role, url: string, body: ReturnType<typeof multipart>) {
  const cookie = await f.t.signIn(role);
  return f.t.app.inject({ method: 'POST', url, headers: { ...body.headers, cookie }, payload: body.payload });
}

const run = (
  query: string,
  file: { name: string; type: string; bytes: Buffer },
  mapping?: unknown,
  role: Role = 'administrator',
) => post(role, `/api/imports/leads?${query}`, multipart(file, mapping));

let serial = 0;
/** A valid lead line; `over` replaces columns by header. */
const LEAD_HEADERS = [
  'First Name',
  'Last Name',
  'Email',
  'Contact Number',
  'Date of Birth',
  'Nationality',
  'Country of Residence',
  'Applicant Location',
  'Desired Visa',
  'Lead Source',
  'Manager',
];
function leadLine(over: Partial<Record<(typeof LEAD_HEADERS)[number], string>> = {}) {
  const n = ++serial;
  const values: Record<string, string> = {
    'First Name': 'Amira',
    'Last Name': 'Haddad',
    Email: `import.${tag}.${n}@example.com`,
    // A valid mobile number (0412…), unique in the file run.
    'Contact Number': `+61 412 ${String(tag).slice(2)}${String(n).padStart(4, '0')}`,
    'Date of Birth': '17/05/1994',
    Nationality: 'india',
    'Country of Residence': 'Australia',
    'Applicant Location': 'Outside Australia',
    'Desired Visa': 'Skilled Independent 189',
    'Lead Source': 'Website',
    Manager: '',
    ...over,
  };
  return LEAD_HEADERS.map((h) => values[h] ?? '').join(',');
}
const leadCsv = (lines: string[]) => [LEAD_HEADERS.join(','), ...lines].join('\r\n');

const emailsIn = (csv: string) =>
  csv
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(',')[2]!);
async function leadsWithEmails(emails: string[]) {
  const rows = await f.t.database.db.select({ email: leads.email }).from(leads);
  return rows.filter((r) => emails.includes(r.email)).length;
}

/** The fields of a person both preview tests' files have a column for, in their columns' order. */
const PERSON_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'contactNumber',
  'dateOfBirth',
  'nationality',
  'countryOfResidence',
  'applicantLocation',
  'desiredVisa',
];

describe('import preview', () => {
  it('shows the headers, the first rows and the automatic mapping, for CSV with a BOM', async () => {
    const csv = '\uFEFF' + leadCsv([leadLine(), leadLine()]);
    const res = await post('administrator', '/api/imports/leads/preview', multipart(csvFile(csv)));
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as ImportPreview;
    expect(preview.fileType).toBe('csv');
    expect(preview.headers).toEqual(LEAD_HEADERS);
    expect(preview.rows).toHaveLength(2);
    expect(preview.remembered).toBe(false);
    expect(preview.mapping).toEqual([...PERSON_FIELDS, 'leadSource', 'managerUserId']);
  });

  it('remembers a mapping per header row: the next file with those headers comes pre-mapped', async () => {
    const headers = ['Given', 'Family', 'Mail', 'Mobile phone', 'Born', 'Citizenship', 'Lives in', 'Where', 'Wants'];
    const mapping = PERSON_FIELDS;
    const line = (n: number) =>
      `Noor,Rahman,mapped.${tag}.${n}@example.com,+61 412 ${tag}${n}1,1990-01-0${n},Bangladesh,Australia,Outside Australia,Skilled Independent 189`;
    const csv = [headers.join(','), line(1)].join('\n');
    const before = await post('administrator', '/api/imports/leads/preview', multipart(csvFile(csv)));
    expect((before.json() as ImportPreview).remembered).toBe(false);

    const imported = await run('mode=all_or_nothing', csvFile(csv), mapping);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ importedRows: 1, invalidRows: 0 });

    const next = [headers.join(','), line(2)].join('\n');
    const after = await post('administrator', '/api/imports/leads/preview', multipart(csvFile(next)));
    expect(after.json()).toMatchObject({ remembered: true, mapping });
    const stored = await f.t.database.db.select().from(importMappings).where(eq(importMappings.entity, 'leads'));
    expect(stored.some((m) => JSON.stringify(m.mapping) === JSON.stringify(mapping))).toBe(true);
    // Without a mapping in the request, the remembered one is used.
    const again = await run('mode=all_or_nothing', csvFile(next));
    expect(again.json()).toMatchObject({ importedRows: 1 });
  });
});

describe('import', () => {
  it('dry run reports counts and per-row errors in the forms’ words and writes nothing', async () => {
    const csv = leadCsv([leadLine(), leadLine({ 'Last Name': '' }), leadLine({ Email: 'not-an-email' }), leadLine()]);
    const leadsBefore = await f.countRows(leads);
    const res = await run('mode=all_or_nothing&dryRun=true', csvFile(csv));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ImportResult;
    expect(result).toMatchObject({
      dryRun: true,
      totalRows: 4,
      validRows: 2,
      invalidRows: 2,
      duplicateRows: 0,
      importedRows: 0,
      message: IMPORT_MESSAGES.dryRunDone,
      hasErrorReport: true,
    });
    expect(result.errors).toEqual([
      { row: 3, column: 'Last Name', message: 'Last name is required' },
      { row: 4, column: 'Email', message: 'Invalid email format' },
    ]);
    expect(await f.countRows(leads)).toBe(leadsBefore);
  });

  it('all or nothing writes nothing when two rows are bad; the error report lists them, formulas neutralised', async () => {
    const csv = leadCsv([
      leadLine(),
      leadLine({ 'First Name': '=HYPERLINK("x")', 'Last Name': '' }),
      leadLine({ 'Date of Birth': '31/02/1990' }),
      leadLine(),
    ]);
    const leadsBefore = await f.countRows(leads);
    const res = await run('mode=all_or_nothing', csvFile(csv));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ImportResult;
    expect(result).toMatchObject({
      importedRows: 0,
      invalidRows: 2,
      validRows: 2,
      message: IMPORT_MESSAGES.nothingImported,
    });
    expect(await f.countRows(leads)).toBe(leadsBefore);
    expect(await leadsWithEmails(emailsIn(csv))).toBe(0);

    const report = await f.call('administrator', 'GET', `/api/imports/runs/${result.runId}/error-report`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(report.headers['content-disposition']).toMatch(/^attachment; filename="leads-import-errors-.*\.csv"$/);
    const lines = report.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(['Row', 'Column', 'Message', ...LEAD_HEADERS].join(','));
    expect(lines).toHaveLength(1 + result.errorCount);
    expect(report.body).toContain(`3,Last Name,Last name is required,"'=HYPERLINK(""x"")"`);
    expect(report.body).toMatch(/\n4,Date of Birth,/);
    // The audit entry summarises the attempt.
    const audit = await f.t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'IMPORT_LEADS'));
    expect(audit.some((a) => (a.newValues as { runId: string }).runId === result.runId)).toBe(true);
  });

  it('skip invalid writes the good rows, each as the app creates a lead; without a manager they show Unassigned', async () => {
    const csv = leadCsv([leadLine(), leadLine({ 'Last Name': '' }), leadLine({ Email: 'bad' }), leadLine()]);
    const res = await run('mode=skip_invalid', csvFile(csv));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      importedRows: 2,
      invalidRows: 2,
      message: IMPORT_MESSAGES.imported(2, 'leads'),
    });
    const [first] = emailsIn(csv);
    const [row] = await f.t.database.db.select().from(leads).where(eq(leads.email, first!));
    expect(row).toMatchObject({
      leadStatus: 'New Lead Received',
      nationality: 'India',
      dateOfBirth: '1994-05-17',
      managerUserId: null,
      assistantManagerUserId: null,
      createdBy: f.idOf('administrator'),
      version: 1,
    });
    expect(row?.contactNumberE164).toMatch(/^\+614/);
    const lead = await f.call('administrator', 'GET', `/api/leads/${row!.id}`);
    expect(lead.json()).toMatchObject({ manager: null, displayId: expect.stringMatching(/^L/) });
    const exported = await f.call('administrator', 'GET', `/api/leads/export?format=csv&search=${first}`);
    expect(exported.body).toContain('Unassigned');
  });

  it('names a manager by email or full name, and refuses a user the picker would not offer', async () => {
    const csv = leadCsv([
      leadLine({ Manager: 'supervisor@example.com' }),
      leadLine({ Manager: 'consultant@example.com' }),
      leadLine({ Manager: 'Nobody Known' }),
    ]);
    const res = await run('mode=skip_invalid', csvFile(csv));
    const result = res.json() as ImportResult;
    expect(result).toMatchObject({ importedRows: 1, invalidRows: 2 });
    expect(result.errors.map((e) => e.column)).toEqual(['Manager', 'Manager']);
    const [row] = await f.t.database.db
      .select()
      .from(leads)
      .where(eq(leads.email, emailsIn(csv)[0]!));
    expect(row?.managerUserId).toBe(f.idOf('supervisor'));
  });

  it('finds duplicates within the file and against existing leads and clients, set-based', async () => {
    const existingLead = await f.createLead('administrator');
    // A valid mobile number (an invalid one is compared by its digits, '04…' and '+614…' then differ).
    const digits = String(tag);
    const { client } = await f.convertedLead('administrator', {
      contactNumber: `+61 413 ${digits.slice(0, 3)} ${digits.slice(1, 4)}`,
    });
    const repeated = `twice.${tag}@example.com`;
    const csv = leadCsv([
      leadLine({ Email: repeated }),
      leadLine({ Email: repeated.toUpperCase() }),
      leadLine({ Email: existingLead.email }),
      leadLine({ 'Contact Number': client.contactNumber.replace(/^\+61 ?/, '0') }),
      leadLine(),
    ]);
    const res = await run('mode=skip_invalid', csvFile(csv));
    const result = res.json() as ImportResult;
    expect(result, JSON.stringify({ errors: result.errors, client: client.contactNumber })).toMatchObject({
      totalRows: 5,
      duplicateRows: 3,
      importedRows: 2,
      invalidRows: 0,
    });
    expect(result.errors).toEqual([
      { row: 3, column: 'Email', message: IMPORT_MESSAGES.duplicateInFile(`email ${repeated.toUpperCase()}`, 2) },
      {
        row: 4,
        column: 'Email',
        message: `Duplicate detected: email ${existingLead.email} already exists in leads records.`,
      },
      {
        row: 5,
        column: 'Contact Number',
        message: expect.stringMatching(/already exists in (leads|clients) records\.$/),
      },
    ]);
  });

  it('reads a CSV larger than one parse piece, characters of several bytes intact', async () => {
    // 'Zoë Ñúñez-Ødegård' spans 64 KB piece boundaries many times over in 1,200 rows.
    const lines = Array.from({ length: 1200 }, (_, i) =>
      leadLine({ 'First Name': 'Zoë', 'Last Name': 'Ñúñez-Ødegård', Email: `multibyte.${tag}.${i}@example.com` }),
    );
    const csv = leadCsv(lines);
    expect(Buffer.byteLength(csv)).toBeGreaterThan(2 * 64 * 1024);
    const res = await run('mode=all_or_nothing&dryRun=true', csvFile(csv));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalRows: 1200, validRows: 1200, errorCount: 0 });
    const imported = await run('mode=all_or_nothing', csvFile(csv));
    expect(imported.json()).toMatchObject({ importedRows: 1200 });
    const names = await f.t.database.db
      .select({ first: leads.firstName, last: leads.lastName })
      .from(leads)
      .where(eq(leads.email, `multibyte.${tag}.1199@example.com`));
    expect(names).toEqual([{ first: 'Zoë', last: 'Ñúñez-Ødegård' }]);
  });

  it('imports clients from an Excel workbook, with the defaults a new client gets', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clients');
    sheet.addRow(['First Name', 'Last Name', 'Email', 'Contact Number', 'Date of Birth', 'Nationality', 'Status']);
    const email = `xlsx.${tag}@example.com`;
    sheet.addRow([
      'Kenji',
      'Sato',
      email,
      `+61 3 9${String(tag).slice(1)} 1234`,
      new Date(Date.UTC(1985, 6, 4)),
      'Japan',
      '',
    ]);
    sheet.addRow([
      'Kaito',
      'Sato',
      `xlsx.bad.${tag}@example.com`,
      `+61 3 9${String(tag).slice(1)} 5678`,
      null,
      'Japan',
      'Reverted',
    ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const file = { name: 'clients.bin', type: 'application/octet-stream', bytes };

    const preview = await post('administrator', '/api/imports/clients/preview', multipart(file));
    const previewed = preview.json() as ImportPreview;
    expect(previewed.fileType).toBe('xlsx');
    expect(previewed.rows[0]).toEqual([
      'Kenji',
      'Sato',
      email,
      `+61 3 9${String(tag).slice(1)} 1234`,
      '1985-07-04',
      'Japan',
      '',
    ]);

    const res = await post('administrator', '/api/imports/clients?mode=skip_invalid', multipart(file));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ImportResult;
    expect(result).toMatchObject({ entity: 'clients', importedRows: 1, invalidRows: 1 });
    expect(result.errors).toEqual([{ row: 3, column: 'Status', message: CLIENT_MESSAGES.notFromLead }]);
    const [row] = await f.t.database.db.select().from(clients).where(eq(clients.email, email));
    expect(row).toMatchObject({
      status: 'Active',
      numberOfDependents: '0',
      dateOfBirth: '1985-07-04',
      userId: f.idOf('administrator'),
    });
    const audit = await f.t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'IMPORT_CLIENTS'));
    expect(audit).toHaveLength(1);
  });
});

describe('workbooks as other programs write them', () => {
  it('reads one whose shared strings come after the sheet, and one whose directory uses zip64 fields', async () => {
    // exceljs's streaming writer puts the shared strings last, as some other programs do.
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true, useStyles: true });
    const sheet = writer.addWorksheet('Leads');
    sheet.addRow(['First Name', 'Date of Birth']).commit();
    sheet.addRow(['Amira', new Date(Date.UTC(1994, 4, 17))]).commit();
    sheet.commit();
    await writer.commit();
    const streamed = await post(
      'administrator',
      '/api/imports/leads/preview',
      multipart(xlsxFile(Buffer.concat(chunks))),
    );
    expect(streamed.statusCode, streamed.body).toBe(200);
    expect(streamed.json()).toMatchObject({
      headers: ['First Name', 'Date of Birth'],
      rows: [['Amira', '1994-05-17']],
    });

    const zip64 = await post(
      'administrator',
      '/api/imports/leads/preview',
      multipart(xlsxFile(plainWorkbook({ zip64: true }))),
    );
    expect(zip64.statusCode, zip64.body).toBe(200);
    expect(zip64.json()).toMatchObject({ headers: ['First Name', 'Last Name'], rows: [['Amira', 'Haddad']] });
  });
});

describe('the import lock (PostgreSQL: several connections)', () => {
  it('waits for a save already past its duplicate check, and a save meanwhile waits for the import', async (ctx) => {
    const connection = f.t.database.connection;
    if (connection.kind !== 'postgres') return ctx.skip();
    const inFlight = new pg.Client({ connectionString: connection.url });
    await inFlight.connect();
    try {
      const waiting = async () =>
        Number(
          (
            await inFlight.query<{ n: string }>(
              "select count(*) as n from pg_locks where locktype = 'advisory' and not granted",
            )
          ).rows[0]?.n,
        );
      // A single save that has passed its duplicate check and not yet committed holds the shared lock.
      await inFlight.query('begin');
      await inFlight.query('select pg_advisory_xact_lock_shared(hashtextextended($1, 0))', [PERSON_IMPORT_LOCK]);
      const email = `locked.${tag}@example.com`;
      const importing = run('mode=all_or_nothing', csvFile(leadCsv([leadLine({ Email: email })])));
      await vi.waitFor(async () => expect(await waiting()).toBe(1), { timeout: 60_000, interval: 50 });
      // A new save of the same person now waits behind the import.
      const creating = f.call('administrator', 'POST', '/api/leads', f.leadInput({ email }));
      await vi.waitFor(async () => expect(await waiting()).toBe(2), { timeout: 60_000, interval: 50 });
      await inFlight.query('commit');
      expect((await importing).json()).toMatchObject({ importedRows: 1 });
      const created = await creating;
      expect(created.statusCode).toBe(409);
      expect(created.json().message).toBe(`Duplicate detected: email ${email} already exists in leads records.`);
    } finally {
      await inFlight.end();
    }
  });
});

describe('import refusals', () => {
  const csv = () => csvFile(leadCsv([leadLine()]));

  it('refuses roles without Administration or without the right to create, before reading the file', async () => {
    for (const role of ['consultant', 'guest', 'supervisor', 'team_lead', 'member'] as const) {
      const res = await run('mode=skip_invalid', csv(), undefined, role);
      expect(res.statusCode, role).toBe(403);
      const preview = await post(role, '/api/imports/clients/preview', multipart(csv()));
      expect(preview.statusCode, role).toBe(403);
    }
    for (const role of ['administrator', 'account_administrator'] as const) {
      const res = await post(role, '/api/imports/leads?dryRun=true', multipart(csv()));
      expect(res.statusCode, role).toBe(200);
    }
  });

  it('refuses a file that is no CSV or workbook, an empty one, one with no rows and a missing one', async () => {
    const before = await f.countRows(importRuns);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const cases: [ReturnType<typeof multipart>, string][] = [
      [multipart({ name: 'leads.csv', type: 'text/csv', bytes: png }), IMPORT_MESSAGES.fileType],
      [
        multipart({ name: 'leads.csv', type: 'text/csv', bytes: Buffer.from([0, 1, 2, 3, 0xff, 0xfe]) }),
        IMPORT_MESSAGES.fileType,
      ],
      [multipart(csvFile('')), IMPORT_MESSAGES.fileEmpty],
      [multipart(csvFile('\uFEFF \r\n')), IMPORT_MESSAGES.fileEmpty],
      [multipart(csvFile(LEAD_HEADERS.join(','))), IMPORT_MESSAGES.noRows],
      [multipart(null), IMPORT_MESSAGES.fileMissing],
    ];
    for (const [body, message] of cases) {
      const res = await post('administrator', '/api/imports/leads?mode=skip_invalid', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const notMultipart = await f.call('administrator', 'POST', '/api/imports/leads', { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    expect(await f.countRows(importRuns)).toBe(before);
  });

  it('refuses a file over the size limit', async () => {
    const big = Buffer.alloc(IMPORT_MAX_BYTES + 1024, 'a');
    const res = await post(
      'administrator',
      '/api/imports/leads',
      multipart({ name: 'big.csv', type: 'text/csv', bytes: big }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMPORT_MESSAGES.tooLarge);
  });

  it('refuses an unknown entity, a bad mode, a bad dryRun and a mapping that does not fit', async () => {
    const unknown = await post('administrator', '/api/imports/contacts', multipart(csv()));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(IMPORT_MESSAGES.unknownEntity);
    const mode = await run('mode=some', csv());
    expect(mode.statusCode).toBe(400);
    expect(mode.body).toContain(IMPORT_MESSAGES.badMode);
    const dryRun = await run('dryRun=maybe', csv());
    expect(dryRun.statusCode).toBe(400);
    const short = await run('mode=skip_invalid', csv(), ['firstName']);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(IMPORT_MESSAGES.mappingLength);
    const twice = await run(
      'mode=skip_invalid',
      csv(),
      LEAD_HEADERS.map(() => 'email'),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(IMPORT_MESSAGES.mappingTwice('Email'));
    const unknownField = await run(
      'mode=skip_invalid',
      csv(),
      LEAD_HEADERS.map((_, i) => (i === 0 ? 'password' : null)),
    );
    expect(unknownField.statusCode).toBe(400);
    const report = await f.call(
      'administrator',
      'GET',
      '/api/imports/runs/0b7c2c6e-7f1d-4c1e-9a43-3d5f0e2a1b01/error-report',
    );
    expect(report.statusCode).toBe(404);
  });

  it('refuses a file past the read limits, CSV or workbook, and writes nothing', async () => {
    const before = [await f.countRows(importRuns), await f.countRows(leads)];
    const header = LEAD_HEADERS.join(',');

    const wide = await post(
      'administrator',
      '/api/imports/leads/preview',
      multipart(csvFile(`${header}${','.repeat(IMPORT_MAX_COLUMNS)}\r\n${leadLine()}`)),
    );
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toBe(IMPORT_MESSAGES.tooManyColumns);

    const long = leadCsv([leadLine(), leadLine({ 'Last Name': 'x'.repeat(IMPORT_MAX_CELL_CHARACTERS + 1) })]);
    const longCell = await run('mode=skip_invalid', csvFile(long));
    expect(longCell.statusCode).toBe(400);
    expect(longCell.json().message).toBe(IMPORT_MESSAGES.cellTooLong(3));

    const many = [header, ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => 'a')].join('\n');
    const manyRows = await run('mode=skip_invalid', csvFile(many));
    expect(manyRows.statusCode).toBe(400);
    expect(manyRows.json().message).toBe(IMPORT_MESSAGES.tooManyRows);

    // A cell far to the right of a workbook: 600 columns, though only two are written.
    const farBook = new ExcelJS.Workbook();
    const farSheet = farBook.addWorksheet('Leads');
    farSheet.addRow(['First Name']);
    farSheet.getRow(2).getCell(IMPORT_MAX_COLUMNS + 100).value = 'far';
    const far = await post(
      'administrator',
      '/api/imports/leads/preview',
      multipart(xlsxFile(Buffer.from(await farBook.xlsx.writeBuffer()))),
    );
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe(IMPORT_MESSAGES.tooManyColumns);

    // One shared string of 30,000 characters in 1,700 cells: a few kilobytes that read as 51 million characters.
    const textBook = new ExcelJS.Workbook();
    const textSheet = textBook.addWorksheet('Leads');
    textSheet.addRow(LEAD_HEADERS);
    const text = 'Haddad '.repeat(30_000 / 7);
    for (let r = 0; r < 170; r++) textSheet.addRow(Array.from({ length: 10 }, () => text));
    const texts = Buffer.from(await textBook.xlsx.writeBuffer());
    expect(texts.length).toBeLessThan(100 * 1024);
    const tooMuch = await run('mode=skip_invalid&dryRun=true', xlsxFile(texts));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(IMPORT_MESSAGES.tooMuchText);

    const twins = await post('administrator', '/api/imports/leads/preview', multipart(xlsxFile(twinPartsWorkbook())));
    expect(twins.statusCode).toBe(400);
    expect(twins.json().message).toBe(IMPORT_MESSAGES.unreadable);

    expect([await f.countRows(importRuns), await f.countRows(leads)]).toEqual(before);
  });
});
