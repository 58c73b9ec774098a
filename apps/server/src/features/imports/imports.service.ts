// Importing leads and clients (issue 15 item 5). The file is read in a worker thread of its own, within the
// read limits (import-reader.ts), three times at most, never held as rows:
// 1. every row is checked with the form's own schema and the firm's today, and keeps only its state and
//    its person keys (email, number); duplicates within the file are found on the way;
// 2. the duplicates against the database are found for the whole file in one statement — for an import
//    inside the one transaction that writes, after the one lock that keeps other saves out meanwhile — and
//    the valid rows are checked again and inserted in batches of multi-row inserts;
// 3. the rows with errors are written to the error report (CSV, through the one export streamer).
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  autoMapping,
  CLIENT_MESSAGES,
  clientInputSchema,
  contactNumberKey,
  firmBirthDateErrors,
  IMPORT_DEFAULTS,
  IMPORT_ERROR_REPORT_COLUMNS,
  IMPORT_ERRORS_SHOWN,
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ROWS,
  IMPORT_USER_FIELDS,
  importCellValue,
  type ImportEntity,
  importFieldLabel,
  importMappingSchema,
  type ImportMode,
  type ImportPreview,
  type ImportResult,
  type ImportRowError,
  importedLeadSchema,
  LEAD_MESSAGES,
  type LeadInput,
  neutraliseFormula,
  normaliseHeader,
  PICKER_ROLES,
  REVERTED_STATUS,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import { type Cell, streamTable } from '../../exports/table-export.ts';
import { type Actor, requireActorCan } from '../../plugins/actor.ts';
import { AppError } from '../../plugins/errors.ts';
import { type FileStorage, newFileKey } from '../../storage/file-storage.ts';
import { recordChange } from '../../platform/audit/record-change.ts';
import { insertClients } from '../clients/clients.repository.ts';
import { formColumns as clientColumns } from '../clients/clients.service.ts';
import { insertLeads } from '../leads/leads.repository.ts';
import { formColumns as leadColumns } from '../leads/leads.service.ts';
import { readFirmToday } from '../../platform/settings/settings.repository.ts';
import { type FileRow, type ImportFile, openImportFile, refuseFile } from './import-reader.ts';
import {
  activeUsers,
  type ExistingPeople,
  existingPeople,
  findMapping,
  findRun,
  insertRun,
  lockPeopleForImport,
  saveMapping,
} from './imports.repository.ts';

/** Rows per INSERT: ~45 client columns × 500 stays far below PostgreSQL's 65,535 parameters. */
const INSERT_BATCH = 500;

const VALID = 0;
const INVALID = 1;
const DUPLICATE = 2;

const mayImport = (actor: Actor, entity: ImportEntity) => requireActorCan(actor, `${entity}:create`);

/** Same headers in the same order, whatever their case or punctuation: one layout. */
const fingerprintOf = (headers: readonly string[]) =>
  createHash('sha256').update(headers.map(normaliseHeader).join('\u0001')).digest('hex');

const badRequest = (message: string) => new AppError('VALIDATION_FAILED', message, { mapping: [message] });

/** The header row (blank names become 'Column n') and the rows after it. */
async function readHeader(rows: AsyncGenerator<FileRow>): Promise<string[]> {
  const first = await rows.next();
  if (first.done) throw refuseFile(IMPORT_MESSAGES.fileEmpty);
  return first.value.cells.map((h, i) => h.trim() || `Column ${i + 1}`);
}

export async function previewImport(
  db: Database,
  actor: Actor,
  entity: ImportEntity,
  bytes: Buffer,
): Promise<ImportPreview> {
  mayImport(actor, entity);
  const file = await openImportFile(bytes);
  const headers: string[] = [];
  const sample: string[][] = [];
  try {
    const rows = file.rows();
    headers.push(...(await readHeader(rows)));
    for await (const row of rows) {
      sample.push(headers.map((_, i) => row.cells[i] ?? ''));
      if (sample.length === IMPORT_PREVIEW_ROWS) break;
    }
  } finally {
    await file.close();
  }
  if (sample.length === 0) throw refuseFile(IMPORT_MESSAGES.noRows);
  const remembered = await findMapping(db, entity, fingerprintOf(headers));
  const usable = remembered && remembered.length === headers.length ? remembered : undefined;
  return {
    fileType: file.type,
    headers,
    rows: sample,
    mapping: usable ?? autoMapping(entity, headers),
    remembered: !!usable,
  };
}

type Values = ReturnType<typeof leadColumns> | ReturnType<typeof clientColumns>;
type Checked = { values?: Values; errors: { column: string; message: string }[] };

/** The check of one row against the form's schema, with the users a cell may name and the firm's today. */
async function rowChecker(db: Executor, entity: ImportEntity, mapping: (string | null)[]) {
  // One after another: `db` may be the import's transaction, whose one connection takes one query at a time.
  const today = await readFirmToday(db);
  const users = await activeUsers(db);
  const byName = new Map<string, typeof users>();
  for (const user of users) {
    for (const name of [user.email, `${user.firstName} ${user.lastName}`]) {
      const key = name.trim().toLowerCase();
      byName.set(key, [...(byName.get(key) ?? []), user]);
    }
  }
  const rolesOf: Record<string, readonly string[]> = {
    managerUserId: PICKER_ROLES.manager,
    assistantManagerUserId: PICKER_ROLES.assistantManager,
    migrationAgentUserId: PICKER_ROLES.migrationAgent,
  };
  const label = (path: PropertyKey | undefined) => importFieldLabel(entity, String(path ?? ''));

  return (cells: readonly string[]): Checked => {
    const errors: Checked['errors'] = [];
    const input: Record<string, string> = { ...IMPORT_DEFAULTS[entity] };
    mapping.forEach((field, i) => {
      if (!field) return;
      const value = importCellValue(field, cells[i] ?? '');
      if (value === '') return;
      if (IMPORT_USER_FIELDS.includes(field)) {
        const user = byName.get(value.toLowerCase())?.find((u) => rolesOf[field]!.includes(u.role));
        if (user) input[field] = user.id;
        else errors.push({ column: label(field), message: IMPORT_MESSAGES.unknownUser(label(field), value) });
        return;
      }
      input[field] = value;
    });
    const parsed = (entity === 'leads' ? importedLeadSchema : clientInputSchema).safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ column: label(issue.path[0]), message: issue.message });
      return { errors };
    }
    const values =
      entity === 'leads'
        ? // An imported lead may name no manager (the schema allows it); the columns take null for it.
          leadColumns(parsed.data as LeadInput)
        : clientColumns(parsed.data as Parameters<typeof clientColumns>[0]);
    for (const [path, message] of Object.entries(firmBirthDateErrors(values, today))) {
      errors.push({ column: label(path), message });
    }
    if ('status' in values && values.status === REVERTED_STATUS) {
      errors.push({ column: label('status'), message: CLIENT_MESSAGES.notFromLead });
    }
    return errors.length > 0 ? { errors } : { values, errors };
  };
}

export type ImportRequest = {
  entity: ImportEntity;
  mode: ImportMode;
  dryRun: boolean;
  bytes: Buffer;
  /** The user's mapping; without one the remembered or the automatic mapping is used. */
  mapping?: unknown;
};

/** What the first pass keeps per data row: its state and its person keys (valid rows only). */
type RowKeys = { email: string; typedNumber: string; e164: string | null; digits: string };

export async function runImport(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  request: ImportRequest,
): Promise<ImportResult> {
  mayImport(actor, request.entity);
  const file = await openImportFile(request.bytes);
  try {
    return await importFile(db, storage, actor, request, file);
  } finally {
    await file.close();
  }
}

async function importFile(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  request: ImportRequest,
  file: ImportFile,
): Promise<ImportResult> {
  const { entity, mode, dryRun } = request;
  const rows = file.rows();
  const headers = await readHeader(rows);
  const fingerprint = fingerprintOf(headers);
  const mapping = await resolveMapping(db, entity, headers, fingerprint, request.mapping);
  const check = await rowChecker(db, entity, mapping);

  // Pass 1: check every row, remember its state and keys; duplicates within the file.
  const states: number[] = [];
  const rowNumbers: number[] = [];
  const keys: (RowKeys | undefined)[] = [];
  const errors: ImportRowError[] = [];
  const firstByEmail = new Map<string, number>();
  const firstByNumber = new Map<string, number>();
  for await (const row of rows) {
    const { values, errors: found } = check(row.cells);
    rowNumbers.push(row.number);
    if (!values) {
      states.push(INVALID);
      keys.push(undefined);
      for (const e of found) errors.push({ row: row.number, ...e });
      continue;
    }
    const { e164, digits } = contactNumberKey(values.contactNumber);
    const key: RowKeys = { email: values.email.trim().toLowerCase(), typedNumber: values.contactNumber, e164, digits };
    const numberKey = e164 ?? digits;
    const earlier = firstByEmail.get(key.email) ?? (numberKey ? firstByNumber.get(numberKey) : undefined);
    if (earlier !== undefined) {
      const what =
        firstByEmail.get(key.email) !== undefined ? `email ${values.email}` : `contact number ${values.contactNumber}`;
      const column = what.startsWith('email') ? 'Email' : 'Contact Number';
      errors.push({ row: row.number, column, message: IMPORT_MESSAGES.duplicateInFile(what, earlier) });
      states.push(DUPLICATE);
      keys.push(undefined);
      continue;
    }
    firstByEmail.set(key.email, row.number);
    if (numberKey) firstByNumber.set(numberKey, row.number);
    states.push(VALID);
    keys.push(key);
  }
  if (states.length === 0) throw refuseFile(IMPORT_MESSAGES.noRows);

  /** Marks the rows whose person is already a lead or a client (pass 2's check, set-based). */
  const markExisting = async (executor: Executor) => {
    const existing = await existingPeople(executor, {
      emails: [...firstByEmail.keys()],
      e164s: keys.flatMap((k) => (k?.e164 ? [k.e164] : [])),
      digits: keys.flatMap((k) => (k?.digits ? [k.digits] : [])),
    });
    keys.forEach((key, i) => {
      const found = key && existingMatch(existing, key);
      if (!found) return;
      states[i] = DUPLICATE;
      const message = LEAD_MESSAGES.duplicateDetected(found.what, found.table);
      errors.push({ row: rowNumbers[i]!, column: found.column, message });
    });
    errors.sort((a, b) => a.row - b.row);
  };
  const count = (state: number) => states.reduce((n, s) => n + (s === state ? 1 : 0), 0);

  const runId = randomUUID();
  let importedRows = 0;
  const summary = () => ({
    id: runId,
    entity,
    mode,
    dryRun,
    totalRows: states.length,
    validRows: count(VALID),
    invalidRows: count(INVALID),
    duplicateRows: count(DUPLICATE),
    importedRows,
    createdBy: actor.ctx.actorId,
  });
  let reportKey: string | null = null;
  const withReport = () => {
    reportKey = errors.length > 0 ? newFileKey('imports', runId, 'csv') : null;
    return { ...summary(), errorReportKey: reportKey };
  };

  if (dryRun) {
    await markExisting(db);
    await insertRun(db, withReport());
  } else {
    await db.transaction(async (tx) => {
      await lockPeopleForImport(tx);
      await markExisting(tx);
      const writes = mode === 'skip_invalid' || count(VALID) === states.length;
      if (writes) importedRows = await writeValidRows(tx, actor, entity, file, states, check);
      await saveMapping(tx, entity, fingerprint, mapping, actor.ctx.actorId);
      const run = withReport();
      await insertRun(tx, run);
      await recordChange(tx, actor.ctx, {
        action: entity === 'leads' ? 'IMPORT_LEADS' : 'IMPORT_CLIENTS',
        resourceType: entity === 'leads' ? 'LEAD' : 'CLIENT',
        resourceId: null,
        newValues: {
          runId,
          mode,
          totalRows: run.totalRows,
          importedRows,
          invalidRows: run.invalidRows,
          duplicateRows: run.duplicateRows,
        },
        ...(importedRows > 0 ? { event: entity === 'leads' ? 'lead' : 'client' } : {}),
      });
    });
  }
  if (reportKey) await storage.putStream(reportKey, errorReport(file, headers, errors));

  const run = summary();
  return {
    runId,
    entity,
    mode,
    dryRun,
    totalRows: run.totalRows,
    validRows: run.validRows,
    invalidRows: run.invalidRows,
    duplicateRows: run.duplicateRows,
    importedRows,
    message: dryRun
      ? IMPORT_MESSAGES.dryRunDone
      : importedRows > 0
        ? IMPORT_MESSAGES.imported(importedRows, entity)
        : IMPORT_MESSAGES.nothingImported,
    errors: errors.slice(0, IMPORT_ERRORS_SHOWN),
    errorCount: errors.length,
    hasErrorReport: reportKey !== null,
  };
}

/** The mapping sent (checked against the file), else the one remembered for this layout, else the automatic one. */
async function resolveMapping(
  db: Executor,
  entity: ImportEntity,
  headers: string[],
  fingerprint: string,
  sent: unknown,
): Promise<(string | null)[]> {
  if (sent === undefined) {
    const remembered = await findMapping(db, entity, fingerprint);
    return remembered && remembered.length === headers.length ? remembered : autoMapping(entity, headers);
  }
  const parsed = importMappingSchema(entity).safeParse(sent);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? IMPORT_MESSAGES.mappingLength);
  if (parsed.data.length !== headers.length) throw badRequest(IMPORT_MESSAGES.mappingLength);
  return parsed.data;
}

function existingMatch(existing: ExistingPeople, key: RowKeys) {
  const byEmail = existing.emails.get(key.email);
  if (byEmail) return { table: byEmail, what: `email ${key.email}`, column: 'Email' };
  // As sameContactNumber: a valid number matches the same E.164 or, stored without one, the same digits.
  const byNumber = key.e164
    ? (existing.e164s.get(key.e164) ?? existing.digitsWithoutE164.get(key.digits))
    : key.digits
      ? existing.digits.get(key.digits)
      : undefined;
  return byNumber
    ? { table: byNumber, what: `contact number ${key.typedNumber}`, column: 'Contact Number' }
    : undefined;
}

/** Pass 2: the valid rows, checked again (the same result: nothing else changed) and inserted in batches. */
async function writeValidRows(
  tx: Executor,
  actor: Actor,
  entity: ImportEntity,
  file: ImportFile,
  states: number[],
  check: (cells: readonly string[]) => Checked,
): Promise<number> {
  const by = actor.ctx.actorId;
  let batch: Values[] = [];
  let written = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    if (entity === 'leads') {
      await insertLeads(
        tx,
        (batch as ReturnType<typeof leadColumns>[]).map((v) => ({ ...v, createdBy: by, updatedBy: by })),
      );
    } else {
      await insertClients(
        tx,
        (batch as ReturnType<typeof clientColumns>[]).map((v) => ({ ...v, userId: by, createdBy: by, updatedBy: by })),
      );
    }
    written += batch.length;
    batch = [];
  };
  // -1: the header row, which has no state.
  let index = -2;
  for await (const row of file.rows()) {
    index += 1;
    if (index < 0 || states[index] !== VALID) continue;
    const { values } = check(row.cells);
    if (!values) throw new Error(`import row ${row.number} changed between its checks`);
    batch.push(values);
    if (batch.length === INSERT_BATCH) await flush();
  }
  await flush();
  return written;
}

/**
 * Pass 3: one line per error — row, column, message — with the row's values, formulas neutralised. Streamed
 * to storage, never held: each line repeats its row, so a report can be many times the file (a row of 50
 * wrong cells is 50 lines of that row).
 */
function errorReport(file: ImportFile, headers: string[], errors: ImportRowError[]): Readable {
  const byRow = new Map<number, ImportRowError[]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e]);
  async function* lines(): AsyncGenerator<Cell[]> {
    let header = true;
    for await (const row of file.rows()) {
      if (header) {
        header = false;
        continue;
      }
      for (const e of byRow.get(row.number) ?? []) {
        yield [
          e.row,
          neutraliseFormula(e.column),
          neutraliseFormula(e.message),
          ...headers.map((_, i) => neutraliseFormula(row.cells[i] ?? '')),
        ];
      }
    }
  }
  return streamTable({
    format: 'csv',
    sheetName: 'Errors',
    columns: [...IMPORT_ERROR_REPORT_COLUMNS, ...headers].map((header) => ({ header: neutraliseFormula(header) })),
    rows: lines(),
    onDone: () => {},
  });
}

/** The stored error report of a run (any user who may import this kind of record may read it). */
export async function readErrorReport(db: Database, storage: FileStorage, actor: Actor, id: string) {
  const run = await findRun(db, id);
  if (!run) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.noErrorReport);
  mayImport(actor, run.entity as ImportEntity);
  const file = run.errorReportKey ? await storage.get(run.errorReportKey) : undefined;
  if (!file) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.noErrorReport);
  return { file, fileName: `${run.entity}-import-errors-${run.createdAt.toISOString().slice(0, 10)}.csv` };
}
