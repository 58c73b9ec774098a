// Invoice templates (spec 3 §2.3, §3, §5, §7 templates and logo): list, read, create, change with the
// version read, delete (softly; the built-in presets never), and the logo — PNG or JPG told by its content,
// at most 1 MB, behind the storage interface, replaced files removed once the change has committed.
import { fileTypeFromBuffer } from 'file-type';
import {
  formatAbn,
  type InvoiceTemplateInput,
  type InvoiceTemplateRecord,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  type LogoType,
  TEMPLATE_MESSAGES,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import type { Actor } from '../../plugins/actor.ts';
import { AppError, conflict } from '../../plugins/errors.ts';
import { type FileStorage, newFileKey } from '../../storage/file-storage.ts';
import { publishChange, recordChange } from '../../platform/audit/record-change.ts';
import {
  findTemplate,
  insertTemplate,
  liveTemplates,
  setTemplateLogo,
  softDeleteTemplate,
  type TemplateRow,
  updateTemplateRow,
} from './invoice-templates.repository.ts';

const notFound = () => new AppError('NOT_FOUND', TEMPLATE_MESSAGES.notFound);
const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, { file: [message] });
export const logoMessages = {
  missing: () => refuse(TEMPLATE_MESSAGES.logoMissing),
  tooLarge: () => refuse(TEMPLATE_MESSAGES.logoSize),
  unreadable: () => refuse(TEMPLATE_MESSAGES.logoUnreadable),
};

export const toTemplateRecord = (row: TemplateRow): InvoiceTemplateRecord => ({
  id: row.id,
  name: row.name,
  description: row.description,
  currency: row.currency as InvoiceTemplateRecord['currency'],
  applyTax: row.applyTax,
  companyName: row.companyName,
  companyAddress: row.companyAddress,
  companyAbn: row.companyAbn,
  builtIn: row.builtIn,
  hasLogo: row.logoKey !== null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

async function changed(tx: Executor, actor: Actor, id: string, action: string, values: Record<string, unknown>) {
  await recordChange(tx, actor.ctx, { action, resourceType: 'INVOICE_TEMPLATE', resourceId: id, newValues: values });
  await publishChange(tx, actor.ctx, 'invoice', action, id);
}

const columnsOf = (input: InvoiceTemplateInput) => ({
  name: input.name,
  description: input.description ?? null,
  currency: input.currency,
  applyTax: input.applyTax,
  companyName: input.companyName ?? null,
  companyAddress: input.companyAddress ?? null,
  companyAbn: input.companyAbn ? formatAbn(input.companyAbn) : null,
});

/** Templates, newest first (the presets, made first, last); a handful per firm, so no paging. */
export async function listTemplates(db: Database): Promise<InvoiceTemplateRecord[]> {
  const rows = await liveTemplates(db);
  return rows.map(toTemplateRecord);
}

export async function readTemplate(db: Database, id: string): Promise<InvoiceTemplateRecord> {
  const row = await findTemplate(db, id);
  if (!row) throw notFound();
  return toTemplateRecord(row);
}

export async function createTemplate(
  db: Database,
  actor: Actor,
  input: InvoiceTemplateInput,
): Promise<InvoiceTemplateRecord> {
  return db.transaction(async (tx) => {
    const values = columnsOf(input);
    const row = await insertTemplate(tx, values, actor.ctx.actorId);
    await changed(tx, actor, row.id, 'CREATE_INVOICE_TEMPLATE', values);
    return toTemplateRecord(row);
  });
}

export async function updateTemplate(
  db: Database,
  actor: Actor,
  id: string,
  input: InvoiceTemplateInput & { version: number },
): Promise<InvoiceTemplateRecord> {
  return db.transaction(async (tx) => {
    const values = columnsOf(input);
    const row = await updateTemplateRow(tx, id, input.version, values, actor.ctx.actorId);
    if (!row) throw (await findTemplate(tx, id)) ? conflict() : notFound();
    await changed(tx, actor, id, 'UPDATE_INVOICE_TEMPLATE', values);
    return toTemplateRecord(row);
  });
}

export async function deleteTemplate(db: Database, actor: Actor, id: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const row = await findTemplate(tx, id);
    if (!row) throw notFound();
    if (row.builtIn) throw new AppError('CONFLICT', TEMPLATE_MESSAGES.builtInDelete);
    await softDeleteTemplate(tx, id, actor.ctx.actorId);
    await changed(tx, actor, id, 'DELETE_INVOICE_TEMPLATE', { name: row.name });
    return { message: TEMPLATE_MESSAGES.deleted };
  });
}

/** The logo's type by its first bytes: PNG or JPG only, at most 1 MB. */
async function logoTypeOf(bytes: Uint8Array): Promise<LogoType> {
  if (bytes.byteLength > LOGO_MAX_BYTES) throw refuse(TEMPLATE_MESSAGES.logoSize);
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !(found.mime in LOGO_TYPES)) throw refuse(TEMPLATE_MESSAGES.logoType);
  return found.mime as LogoType;
}

export async function attachLogo(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  id: string,
  bytes: Uint8Array,
): Promise<InvoiceTemplateRecord> {
  const type = await logoTypeOf(bytes);
  if (!(await findTemplate(db, id))) throw notFound();
  const key = newFileKey('invoice-logos', id, LOGO_TYPES[type]);
  await storage.put(key, bytes);
  try {
    const saved = await db.transaction(async (tx) => {
      const before = await findTemplate(tx, id);
      if (!before) throw notFound();
      const row = await setTemplateLogo(tx, id, key, actor.ctx.actorId);
      await changed(tx, actor, id, 'UPLOAD_INVOICE_LOGO', { contentType: type, bytes: bytes.byteLength });
      return { row, replaced: before.logoKey };
    });
    if (saved.replaced) await storage.remove(saved.replaced).catch(() => {});
    return toTemplateRecord(saved.row);
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw error;
  }
}

/** The template's logo: its bytes and type (for the browser and for the invoice PDF); 404 without one. */
export async function readLogo(db: Executor, storage: FileStorage, id: string) {
  const row = await findTemplate(db, id);
  const key = row?.logoKey;
  const file = key ? await storage.get(key) : undefined;
  if (!key || !file) throw new AppError('NOT_FOUND', TEMPLATE_MESSAGES.logoNotFound);
  const contentType = key.endsWith('.png') ? 'image/png' : 'image/jpeg';
  return { ...file, contentType, filename: `logo-${id}.${key.slice(key.lastIndexOf('.') + 1)}` };
}
