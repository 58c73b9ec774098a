// The only place that reads and writes invoice templates (soft-deleted: a deleted one is never read).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { isUuid } from '../../db/list-query.ts';
import { invoiceTemplates } from '../../db/schema/index.ts';
import { changedBy } from '../../db/schema/columns.ts';

export type TemplateRow = typeof invoiceTemplates.$inferSelect;
export type TemplateColumns = Pick<
  typeof invoiceTemplates.$inferInsert,
  'name' | 'description' | 'currency' | 'applyTax' | 'companyName' | 'companyAddress' | 'companyAbn'
>;

export async function findTemplate(db: Executor, id: string): Promise<TemplateRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(invoiceTemplates)
    .where(and(eq(invoiceTemplates.id, id), isNull(invoiceTemplates.deletedAt)))
    .limit(1);
  return row;
}

/** Newest first (the presets, made first, last); a handful per firm. */
export function liveTemplates(db: Executor) {
  return db
    .select()
    .from(invoiceTemplates)
    .where(isNull(invoiceTemplates.deletedAt))
    .orderBy(desc(invoiceTemplates.createdAt), desc(invoiceTemplates.id))
    .limit(500);
}

export async function insertTemplate(tx: Executor, values: TemplateColumns, actorId: string): Promise<TemplateRow> {
  const [row] = await tx
    .insert(invoiceTemplates)
    .values({ ...values, createdBy: actorId, updatedBy: actorId })
    .returning();
  return row!;
}

/** The change, at the version read, of a live template; undefined when it changed or went meanwhile. */
export async function updateTemplateRow(
  tx: Executor,
  id: string,
  version: number,
  values: TemplateColumns,
  actorId: string,
): Promise<TemplateRow | undefined> {
  const [row] = await tx
    .update(invoiceTemplates)
    .set({
      ...values,
      ...changedBy(invoiceTemplates, actorId),
    })
    .where(and(eq(invoiceTemplates.id, id), eq(invoiceTemplates.version, version), isNull(invoiceTemplates.deletedAt)))
    .returning();
  return row;
}

export async function softDeleteTemplate(tx: Executor, id: string, actorId: string): Promise<void> {
  await tx
    .update(invoiceTemplates)
    .set({ deletedAt: new Date(), updatedBy: actorId, version: sql`${invoiceTemplates.version} + 1` })
    .where(eq(invoiceTemplates.id, id));
}

export async function setTemplateLogo(
  tx: Executor,
  id: string,
  logoKey: string,
  actorId: string,
): Promise<TemplateRow> {
  const [row] = await tx
    .update(invoiceTemplates)
    .set({
      logoKey,
      ...changedBy(invoiceTemplates, actorId),
    })
    .where(eq(invoiceTemplates.id, id))
    .returning();
  return row!;
}
