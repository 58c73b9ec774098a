// Contract Manager (issue 16 item 1; docs/decisions/0018): contracts linked to a lead or client, numbered
// 'CONT-<year>-<NNN>' from the year's counter row in the inserting transaction, drafted from a template whose
// placeholders are filled here from the record and the firm, edited with the version read, activated,
// terminated, and carrying a signed copy. Terminated and expired contracts are read-only. Every write is
// one transaction with its audit row and a 'contract' change event.
import { fileTypeFromBuffer } from 'file-type';
import {
  CLIENT_MESSAGES,
  CONTRACT_MESSAGES,
  CONVERTED_STATUS,
  LEAD_MESSAGES,
  REVERTED_STATUS,
  type ContractFill,
  type ContractFilled,
  type ContractInput,
  type ContractListQuery,
  type ContractPage,
  type ContractPatch,
  type ContractPlaceholder,
  type ContractRecord,
  type ContractState,
  type ContractSummary,
  type ContractTemplateInput,
  type ContractTemplateRecord,
  contractReferenceOf,
  contractStatusOf,
  DOCUMENT_FILE_MAX_BYTES,
  escapeHtml,
  fillPlaceholders,
  formatAbn,
  formatCalendarDate,
  isReadOnlyStatus,
  unknownPlaceholders,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import { seesEverything, type Viewer } from '../../db/list-query.ts';
import type { Actor } from '../../plugins/actor.ts';
import { AppError, conflict, validationError } from '../../plugins/errors.ts';
import { type FileStorage, newFileKey } from '../../storage/file-storage.ts';
import { changedFields, recordChange } from '../../platform/audit/record-change.ts';
import { type ClientRow, findClient } from '../clients/clients.repository.ts';
import { findLead, type LeadRow } from '../leads/leads.repository.ts';
import { readDisplaySetting, readFirmToday, readGeneralSettings } from '../../platform/settings/settings.repository.ts';
import { cleanTaskContent } from '../tasks/task-content.ts';
import { userFullNames } from '../users/users.repository.ts';
import {
  clientsByIds,
  type ContractInsert,
  type ContractRow,
  contractsOfOwner,
  contractsPage,
  deleteContractRow,
  deleteTemplateRow,
  findContract,
  findTemplate,
  insertContract,
  insertTemplate,
  leadsByIds,
  takeContractNumber,
  type TemplateRow,
  templatesOf,
  updateContractRow,
  updateTemplateRow,
} from './contracts.repository.ts';

export type Party = { type: 'lead' | 'client'; row: LeadRow | ClientRow };

export const CONTRACT_EVENT = 'contract';

const notFound = () => new AppError('NOT_FOUND', CONTRACT_MESSAGES.notFound);
const templateNotFound = () => new AppError('NOT_FOUND', CONTRACT_MESSAGES.templateNotFound);
const refuseFile = (message: string) => new AppError('VALIDATION_FAILED', message, { file: [message] });
export const signedFileMessages = {
  missing: () => refuseFile(CONTRACT_MESSAGES.fileMissing),
  tooLarge: () => refuseFile(CONTRACT_MESSAGES.fileSize),
  unreadable: () => refuseFile(CONTRACT_MESSAGES.fileUnreadable),
};
export const SIGNED_FILE_MAX_BYTES = DOCUMENT_FILE_MAX_BYTES;
const SIGNED_FILE_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** The next reference of the year; its counter row stays locked until the transaction ends. */
export async function nextReference(tx: Executor, year: string): Promise<string> {
  return contractReferenceOf(year, await takeContractNumber(tx, year));
}

const fullName = (p: { firstName: string; middleName: string | null; lastName: string }) =>
  [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');

/**
 * The lead or client a new contract is drawn up for, among those the viewer may see (`missing` says how a
 * record out of view is refused: a field of the new contract, or the subject of a fill). A converted lead
 * and a reverted client are read-only (their services, tasks and notes too): the contract belongs with the
 * record that carries on.
 */
async function partyOf(
  tx: Executor,
  viewer: Viewer,
  { entityType: type, entityId: id }: { entityType: 'lead' | 'client'; entityId: string },
  missing: (message: string) => AppError,
): Promise<Party> {
  if (type === 'lead') {
    const row = await findLead(tx, viewer, id);
    if (!row) throw missing('Lead not found');
    if (row.leadStatus === CONVERTED_STATUS) throw new AppError('CONFLICT', LEAD_MESSAGES.readOnlyConverted);
    return { type, row };
  }
  const row = await findClient(tx, viewer, id);
  if (!row) throw missing('Client not found');
  if (row.status === REVERTED_STATUS) throw new AppError('CONFLICT', CLIENT_MESSAGES.readOnlyReverted);
  return { type, row };
}

async function additionalClientsValid(tx: Executor, viewer: Viewer, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  for (const id of unique) {
    if (!(await findClient(tx, viewer, id))) throw validationError({ additionalClientIds: ['Client not found'] });
  }
  return unique;
}

/**
 * The value of each placeholder for a contract of this party, today, in the firm's words: dates in the
 * firm's display format, as its PDFs and mails show them, since the filled text is what the client reads.
 * Before the contract exists (a fill for New Contract) it has no reference, and its title may still change:
 * without them their placeholders stay, and are filled when it is created.
 */
export async function placeholderValues(
  tx: Executor,
  party: Party,
  contract: { reference?: string; title?: string; effectiveDate: string; expiryDate: string | null },
): Promise<Partial<Record<ContractPlaceholder, string>>> {
  // One after another: in a transaction the reads share one connection, which takes one query at a time
  // (pg queues the rest, and pg 9 refuses them).
  const firm = await readGeneralSettings(tx);
  const today = await readFirmToday(tx);
  const { dateFormat } = await readDisplaySetting(tx);
  const date = (isoDate: string | null) => (isoDate ? formatCalendarDate(isoDate, dateFormat) : '');
  const row = party.row;
  const client = 'passportNumber' in row ? row : null;
  const firmAddress = [
    firm.addressLine1,
    firm.addressLine2,
    [firm.city, firm.state, firm.postalCode].filter(Boolean).join(' '),
    firm.country,
  ]
    .filter(Boolean)
    .join(', ');
  return {
    'client.firstName': row.firstName,
    'client.middleName': row.middleName ?? '',
    'client.lastName': row.lastName,
    'client.fullName': fullName(row),
    'client.email': row.email ?? '',
    'client.contactNumber': row.contactNumber ?? '',
    'client.passportNumber': client?.passportNumber ?? '',
    'client.nationality': row.nationality ?? '',
    'client.address': client?.address ?? '',
    'client.desiredVisa': row.desiredVisa ?? '',
    'contract.reference': contract.reference,
    'contract.title': contract.title,
    'contract.effectiveDate': date(contract.effectiveDate),
    'contract.expiryDate': date(contract.expiryDate),
    today: date(today),
    'firm.name': firm.companyName,
    'firm.abn': firm.abn ? formatAbn(firm.abn) : '',
    'firm.address': firmAddress,
    'firm.email': firm.companyEmail,
    'firm.phone': firm.phone,
  };
}

/**
 * A template's (or a written) text with its placeholders filled, cleaned as stored: the one rule behind a
 * contract's content on create, the text New Contract shows before it, and the demo contracts.
 */
export const filledContent = (source: string, values: Partial<Record<ContractPlaceholder, string>>) =>
  cleanTaskContent(fillPlaceholders(source, values, escapeHtml));

async function namesOf(db: Executor, leadIds: string[], clientIds: string[]) {
  const names = new Map<string, string>();
  if (leadIds.length > 0) {
    for (const r of await leadsByIds(db, leadIds)) {
      names.set(r.id, fullName(r));
    }
  }
  if (clientIds.length > 0) {
    for (const r of await clientsByIds(db, clientIds)) {
      names.set(r.id, fullName(r));
    }
  }
  return names;
}

function toSummary(row: ContractRow, today: string): ContractSummary {
  const record = row.leadId
    ? { id: row.leadId, type: 'lead' as const, name: row.clientName }
    : row.clientId
      ? { id: row.clientId, type: 'client' as const, name: row.clientName }
      : null;
  return {
    id: row.id,
    reference: row.reference,
    title: row.title,
    status: contractStatusOf(row.state as ContractState, row.expiryDate, today),
    record,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    effectiveDate: row.effectiveDate,
    expiryDate: row.expiryDate,
    signedDate: row.signedDate,
    templateId: row.templateId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

async function toRecord(db: Executor, actor: Actor, row: ContractRow): Promise<ContractRecord> {
  const today = await readFirmToday(db);
  const summary = toSummary(row, today);
  const names = await namesOf(db, [], row.additionalClientIds);
  return {
    ...summary,
    content: row.content,
    additionalClients: row.additionalClientIds
      .filter((id) => names.has(id))
      .map((id) => ({ id, type: 'client' as const, name: names.get(id)! })),
    signedFile:
      row.signedFileKey && row.signedFileName && row.signedFileType
        ? { name: row.signedFileName, contentType: row.signedFileType, size: row.signedFileSize ?? 0 }
        : null,
    readOnly: isReadOnlyStatus(summary.status) || !actor.can('contracts:edit'),
  };
}

export async function listContracts(db: Executor, actor: Actor, query: ContractListQuery): Promise<ContractPage> {
  const today = await readFirmToday(db);
  // Counting a consultant's contracts would check every contract against its record (a probe each, half
  // a second at 20,000): like a searched list, theirs shows no total.
  const filtered = Boolean(query.search) || Boolean(query.status?.length) || !seesEverything(actor.viewer);
  return contractsPage(db, actor.viewer, query, today, filtered, async (rows) =>
    rows.map((row) => toSummary(row, today)),
  );
}

/** A record's contracts (its panel's Contracts section), newest first; 404 when the record is not visible. */
export async function contractsOfRecord(
  db: Executor,
  actor: Actor,
  owner: { type: 'lead' | 'client'; id: string },
): Promise<ContractSummary[]> {
  const visible =
    owner.type === 'lead' ? await findLead(db, actor.viewer, owner.id) : await findClient(db, actor.viewer, owner.id);
  if (!visible) throw new AppError('NOT_FOUND', `${owner.type === 'lead' ? 'Lead' : 'Client'} not found`);
  const today = await readFirmToday(db);
  const rows = await contractsOfOwner(db, owner);
  return rows.map((row) => toSummary(row, today));
}

export async function readContract(db: Executor, actor: Actor, id: string): Promise<ContractRecord> {
  const row = await findContract(db, actor.viewer, id);
  if (!row) throw notFound();
  return toRecord(db, actor, row);
}

export async function createContract(db: Database, actor: Actor, input: ContractInput): Promise<ContractRecord> {
  return db.transaction(async (tx) => {
    const party = await partyOf(tx, actor.viewer, input, (message) => validationError({ entityId: [message] }));
    const additional = await additionalClientsValid(tx, actor.viewer, input.additionalClientIds);
    const template = input.templateId ? await findTemplate(tx, actor.viewer, input.templateId) : undefined;
    if (input.templateId && !template) throw validationError({ templateId: [CONTRACT_MESSAGES.templateNotFound] });
    const year = (await readFirmToday(tx)).slice(0, 4);
    const reference = await nextReference(tx, year);
    const expiryDate = input.expiryDate ?? null;
    // Written content wins (New Contract sends the template's text as the user saw and edited it, its
    // reference and title still placeholders); an empty one takes the template's, filled from the record now.
    const source = input.content ?? template?.content ?? '';
    const values = await placeholderValues(tx, party, {
      reference,
      title: input.title,
      effectiveDate: input.effectiveDate,
      expiryDate,
    });
    const content = filledContent(source, values);
    const row = await insertContract(tx, {
      reference,
      title: input.title,
      leadId: party.type === 'lead' ? party.row.id : null,
      clientId: party.type === 'client' ? party.row.id : null,
      additionalClientIds: additional,
      clientName: fullName(party.row),
      clientEmail: party.row.email ?? null,
      templateId: template?.id ?? null,
      content,
      effectiveDate: input.effectiveDate,
      expiryDate,
      createdBy: actor.ctx.actorId,
      updatedBy: actor.ctx.actorId,
    });
    await recordChange(tx, actor.ctx, {
      action: 'CREATE_CONTRACT',
      resourceType: 'CONTRACT',
      resourceId: row.id,
      newValues: { reference, title: input.title, record: `${party.type}:${party.row.id}`, templateId: template?.id },
      event: CONTRACT_EVENT,
    });
    return toRecord(tx, actor, row);
  });
}

/**
 * A template's text filled for a contract not yet created (New Contract's editor shows it before Create),
 * by the rule create fills with, after the same checks: a record out of view is not found here, as the
 * subject of the request. Nothing is stored; the reference and title stay placeholders until create.
 */
export async function fillTemplate(
  db: Executor,
  actor: Actor,
  templateId: string,
  input: ContractFill,
): Promise<ContractFilled> {
  const template = await findTemplate(db, actor.viewer, templateId);
  if (!template) throw templateNotFound();
  const party = await partyOf(db, actor.viewer, input, (message) => new AppError('NOT_FOUND', message));
  await additionalClientsValid(db, actor.viewer, input.additionalClientIds);
  const values = await placeholderValues(db, party, {
    effectiveDate: input.effectiveDate,
    expiryDate: input.expiryDate ?? null,
  });
  return { content: filledContent(template.content, values) };
}

/**
 * The stored row for a change: visible, neither terminated nor expired (409), and at the version read
 * (null: the latest, for an upload, which replaces only the signed copy).
 */
async function changeable(tx: Executor, actor: Actor, id: string, version: number | null): Promise<ContractRow> {
  const row = await findContract(tx, actor.viewer, id);
  if (!row) throw notFound();
  const status = contractStatusOf(row.state as ContractState, row.expiryDate, await readFirmToday(tx));
  if (isReadOnlyStatus(status)) throw new AppError('CONFLICT', CONTRACT_MESSAGES.readOnly(status));
  if (version !== null && row.version !== version) throw conflict();
  return row;
}

async function saveRow(
  tx: Executor,
  actor: Actor,
  row: ContractRow,
  set: Partial<ContractInsert>,
): Promise<ContractRow> {
  const saved = await updateContractRow(tx, actor.ctx.actorId, row, set);
  if (!saved) throw conflict();
  return saved;
}

const formOf = (row: ContractRow) => ({
  title: row.title,
  effectiveDate: row.effectiveDate,
  expiryDate: row.expiryDate,
  content: row.content,
  additionalClientIds: row.additionalClientIds,
});

/** PATCH: the fields sent over the stored ones; the linked record stays. */
export async function updateContract(
  db: Database,
  actor: Actor,
  id: string,
  patch: ContractPatch,
): Promise<ContractRecord> {
  return db.transaction(async (tx) => {
    const stored = await changeable(tx, actor, id, patch.version);
    const next = {
      title: patch.title ?? stored.title,
      effectiveDate: patch.effectiveDate ?? stored.effectiveDate,
      expiryDate: patch.expiryDate === undefined ? stored.expiryDate : (patch.expiryDate ?? null),
      content:
        patch.content === undefined ? stored.content : patch.content === null ? '' : cleanTaskContent(patch.content),
      additionalClientIds:
        patch.additionalClientIds === undefined
          ? stored.additionalClientIds
          : await additionalClientsValid(tx, actor.viewer, patch.additionalClientIds),
    };
    if (next.expiryDate && next.expiryDate < next.effectiveDate) {
      throw validationError({ expiryDate: [CONTRACT_MESSAGES.expiryBeforeEffective] });
    }
    const row = await saveRow(tx, actor, stored, next);
    const { oldValues, newValues } = changedFields(formOf(stored), next);
    await recordChange(tx, actor.ctx, {
      action: 'UPDATE_CONTRACT',
      resourceType: 'CONTRACT',
      resourceId: row.id,
      oldValues,
      newValues,
      event: CONTRACT_EVENT,
    });
    return toRecord(tx, actor, row);
  });
}

async function changeState(
  db: Database,
  actor: Actor,
  id: string,
  version: number,
  from: ContractState,
  to: ContractState,
): Promise<ContractRecord> {
  return db.transaction(async (tx) => {
    const stored = await changeable(tx, actor, id, version);
    if (stored.state !== from) {
      throw new AppError('CONFLICT', to === 'active' ? CONTRACT_MESSAGES.alreadyActive : CONTRACT_MESSAGES.notActive);
    }
    const row = await saveRow(tx, actor, stored, { state: to });
    await recordChange(tx, actor.ctx, {
      action: to === 'active' ? 'ACTIVATE_CONTRACT' : 'TERMINATE_CONTRACT',
      resourceType: 'CONTRACT',
      resourceId: row.id,
      oldValues: { state: from },
      newValues: { state: to },
      event: CONTRACT_EVENT,
    });
    return toRecord(tx, actor, row);
  });
}

export const activateContract = (db: Database, actor: Actor, id: string, version: number) =>
  changeState(db, actor, id, version, 'draft', 'active');
export const terminateContract = (db: Database, actor: Actor, id: string, version: number) =>
  changeState(db, actor, id, version, 'active', 'terminated');

/** Only a draft may be deleted (its reference stays taken); its signed copy goes once that has committed. */
export async function deleteContract(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  id: string,
): Promise<{ message: string }> {
  const removed = await db.transaction(async (tx) => {
    const row = await findContract(tx, actor.viewer, id);
    if (!row) throw notFound();
    if (row.state !== 'draft') throw new AppError('CONFLICT', CONTRACT_MESSAGES.notDraft);
    await deleteContractRow(tx, row.id);
    await recordChange(tx, actor.ctx, {
      action: 'DELETE_CONTRACT',
      resourceType: 'CONTRACT',
      resourceId: row.id,
      oldValues: { reference: row.reference, title: row.title },
      event: CONTRACT_EVENT,
    });
    return row;
  });
  if (removed.signedFileKey) await storage.remove(removed.signedFileKey).catch(() => {});
  return { message: CONTRACT_MESSAGES.deleted };
}

/**
 * The client's signed copy (a PDF or an image, told by its content) and the date it was signed; replaces
 * the one before (removed once the change has committed). An expired or terminated contract is read-only.
 */
export async function attachSignedCopy(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  id: string,
  signedDate: string,
  upload: { bytes: Uint8Array; filename: string | undefined },
): Promise<ContractRecord> {
  if (upload.bytes.byteLength === 0) throw signedFileMessages.missing();
  if (upload.bytes.byteLength > SIGNED_FILE_MAX_BYTES) throw signedFileMessages.tooLarge();
  const found = await fileTypeFromBuffer(upload.bytes);
  const extension = found ? SIGNED_FILE_TYPES[found.mime] : undefined;
  if (!found || !extension) throw refuseFile(CONTRACT_MESSAGES.fileType);
  const existing = await findContract(db, actor.viewer, id);
  if (!existing) throw notFound();
  const key = newFileKey('contracts', existing.id, extension);
  await storage.put(key, upload.bytes);
  try {
    const saved = await db.transaction(async (tx) => {
      const stored = await changeable(tx, actor, id, null);
      const base =
        (upload.filename ?? '')
          .split(/[\\/]/)
          .pop()
          ?.replace(/\.[^.]*$/, '') ?? '';
      const safe =
        base
          .replace(/[^\w .()-]/g, '')
          .trim()
          .slice(0, 100) || `${stored.reference}-signed`;
      const row = await saveRow(tx, actor, stored, {
        signedDate,
        signedFileKey: key,
        signedFileName: `${safe}.${extension}`,
        signedFileType: found.mime,
        signedFileSize: upload.bytes.byteLength,
      });
      await recordChange(tx, actor.ctx, {
        action: 'UPLOAD_SIGNED_CONTRACT',
        resourceType: 'CONTRACT',
        resourceId: row.id,
        oldValues: stored.signedDate ? { signedDate: stored.signedDate, fileName: stored.signedFileName } : null,
        newValues: { signedDate, fileName: row.signedFileName, contentType: found.mime },
        event: CONTRACT_EVENT,
      });
      return { row, replaced: stored.signedFileKey };
    });
    if (saved.replaced) await storage.remove(saved.replaced).catch(() => {});
    return toRecord(db, actor, saved.row);
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw error;
  }
}

export async function readSignedCopy(db: Executor, storage: FileStorage, actor: Actor, id: string) {
  const row = await findContract(db, actor.viewer, id);
  if (!row) throw notFound();
  const file = row.signedFileKey ? await storage.get(row.signedFileKey) : undefined;
  if (!file || !row.signedFileName || !row.signedFileType) {
    throw new AppError('NOT_FOUND', CONTRACT_MESSAGES.fileNotFound);
  }
  return { ...file, contentType: row.signedFileType, filename: row.signedFileName, disposition: 'attachment' as const };
}

/** The contract for its PDF: the row plus the firm's name for the heading. */
export async function contractForPdf(db: Executor, actor: Actor, id: string) {
  const row = await findContract(db, actor.viewer, id);
  if (!row) throw notFound();
  const [record, firm] = await Promise.all([toRecord(db, actor, row), readGeneralSettings(db)]);
  return { record, firm };
}

// Templates ---------------------------------------------------------------------------------------------

function refuseUnknownPlaceholders(content: string) {
  const unknown = unknownPlaceholders(content);
  if (unknown.length > 0) throw validationError({ content: [CONTRACT_MESSAGES.unknownPlaceholders(unknown)] });
}

const mayChangeTemplate = (actor: Actor, row: TemplateRow) =>
  row.createdBy === actor.ctx.actorId || (row.isPublic && actor.can('contracts:delete'));

async function toTemplateRecords(db: Executor, actor: Actor, rows: TemplateRow[]): Promise<ContractTemplateRecord[]> {
  const authors = await userFullNames(
    db,
    rows.map((r) => r.createdBy),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    category: row.category,
    description: row.description,
    content: row.content,
    isPublic: row.isPublic,
    authorId: row.createdBy,
    authorName: row.createdBy ? (authors.get(row.createdBy) ?? null) : null,
    editable: actor.can('contracts:edit') && mayChangeTemplate(actor, row),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  }));
}

/** The templates the actor may use: the public ones and their own private ones, by name. */
export async function listTemplates(db: Executor, actor: Actor): Promise<ContractTemplateRecord[]> {
  const rows = await templatesOf(db, actor.ctx.actorId);
  return toTemplateRecords(db, actor, rows);
}

export async function readTemplate(db: Executor, actor: Actor, id: string): Promise<ContractTemplateRecord> {
  const row = await findTemplate(db, actor.viewer, id);
  if (!row) throw templateNotFound();
  return (await toTemplateRecords(db, actor, [row]))[0]!;
}

const templateColumns = (input: ContractTemplateInput) => ({
  name: input.name,
  category: input.category,
  description: input.description ?? null,
  content: cleanTaskContent(input.content),
  isPublic: input.isPublic,
});

export async function createTemplate(
  db: Database,
  actor: Actor,
  input: ContractTemplateInput,
): Promise<ContractTemplateRecord> {
  refuseUnknownPlaceholders(input.content);
  return db.transaction(async (tx) => {
    const values = templateColumns(input);
    const row = await insertTemplate(tx, values, actor.ctx.actorId);
    await recordChange(tx, actor.ctx, {
      action: 'CREATE_CONTRACT_TEMPLATE',
      resourceType: 'CONTRACT_TEMPLATE',
      resourceId: row.id,
      newValues: { name: values.name, category: values.category, isPublic: values.isPublic },
      event: CONTRACT_EVENT,
    });
    return (await toTemplateRecords(tx, actor, [row]))[0]!;
  });
}

async function changeableTemplate(tx: Executor, actor: Actor, id: string): Promise<TemplateRow> {
  const row = await findTemplate(tx, actor.viewer, id);
  if (!row) throw templateNotFound();
  if (!mayChangeTemplate(actor, row)) throw new AppError('FORBIDDEN', CONTRACT_MESSAGES.privateTemplate);
  return row;
}

export async function updateTemplate(
  db: Database,
  actor: Actor,
  id: string,
  input: ContractTemplateInput & { version: number },
): Promise<ContractTemplateRecord> {
  refuseUnknownPlaceholders(input.content);
  return db.transaction(async (tx) => {
    const stored = await changeableTemplate(tx, actor, id);
    if (stored.version !== input.version) throw conflict();
    const values = templateColumns(input);
    const row = await updateTemplateRow(tx, stored.id, input.version, values, actor.ctx.actorId);
    if (!row) throw conflict();
    const { oldValues, newValues } = changedFields(
      { name: stored.name, category: stored.category, description: stored.description, isPublic: stored.isPublic },
      { name: values.name, category: values.category, description: values.description, isPublic: values.isPublic },
    );
    await recordChange(tx, actor.ctx, {
      action: 'UPDATE_CONTRACT_TEMPLATE',
      resourceType: 'CONTRACT_TEMPLATE',
      resourceId: row.id,
      oldValues,
      newValues,
      event: CONTRACT_EVENT,
    });
    return (await toTemplateRecords(tx, actor, [row]))[0]!;
  });
}

/** Deletes a template; the contracts made from it keep their content (the link goes). */
export async function deleteTemplate(db: Database, actor: Actor, id: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const stored = await changeableTemplate(tx, actor, id);
    await deleteTemplateRow(tx, stored.id);
    await recordChange(tx, actor.ctx, {
      action: 'DELETE_CONTRACT_TEMPLATE',
      resourceType: 'CONTRACT_TEMPLATE',
      resourceId: stored.id,
      oldValues: { name: stored.name },
      event: CONTRACT_EVENT,
    });
    return { message: CONTRACT_MESSAGES.templateDeleted };
  });
}
