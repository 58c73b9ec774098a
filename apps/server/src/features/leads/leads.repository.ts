// The only place that reads and writes the leads table (and inserts the contact copy on archive).
import { and, count, desc, eq, inArray, isNotNull, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import {
  APPLICANT_LOCATIONS,
  CONVERTED_STATUS,
  displayId,
  type LEAD_SORT_FIELDS,
  LEAD_STATUSES,
  LEAD_STATUSES_HIDDEN_FROM_LIST,
  type LeadListQuery,
  type LeadPage,
  type LeadRecord,
  REVERTED_STATUS,
  VISAS,
  formatPhoneNumber,
  SEARCH_COUNT_CAP,
  type TabCount,
} from '@crm/domain';
import { withContactNumberForms } from '../../db/contact-number-e164.ts';
import type { Executor } from '../../db/database.ts';
import { keysetBatches } from '../../exports/table-export.ts';
import {
  anyOf,
  isUuid,
  listPage,
  listWhere,
  type SearchSpec,
  seesEverything,
  type SortKey,
  sortKey,
  type Viewer,
  visibleTo,
} from '../../db/list-query.ts';
import { cappedCount, leadBuckets, sumOf } from '../../db/record-counts.ts';
import { auditLogs, clients, contacts, leadIsLive, leadOwnership, leads } from '../../db/schema/index.ts';
import { type UserRef, userRefs } from '../users/users.repository.ts';
import { personSearchText, prefixSearchKey, textSortKey } from '../../db/schema/columns.ts';
import { valuesPresent } from '../../db/values-present.ts';

export type LeadRow = typeof leads.$inferSelect;
export type NewLeadRow = typeof leads.$inferInsert;
export type NewContactRow = typeof contacts.$inferInsert;

/**
 * The API shape of lead rows, with the names of the users they reference. Names come from one small
 * users query rather than five joins: PGlite plans a six-table join in ~10 ms, which a page cannot afford.
 */
async function toLeadRecords(db: Executor, rows: LeadRow[]): Promise<LeadRecord[]> {
  const reversions = await lastReversions(db, rows);
  const ref = await userRefs(db, [
    ...rows.flatMap((l) => [
      l.managerUserId,
      l.assistantManagerUserId,
      l.migrationAgentUserId,
      l.createdBy,
      l.updatedBy,
    ]),
    ...[...reversions.values()].map((r) => r.revertedBy),
  ]);
  return rows.map((l) => {
    const reversion = reversions.get(l.id);
    return {
      ...toLeadRecord(l, ref),
      reversion: reversion
        ? {
            revertedAt: reversion.revertedAt.toISOString(),
            revertedBy: ref(reversion.revertedBy),
            clientId: reversion.id,
          }
        : null,
    };
  });
}

/**
 * The last reverted conversion of each lead that is back in the pipeline (converted once, not converted
 * now): the client it had become, when and by whom it was reverted. One query for the page.
 */
async function lastReversions(db: Executor, rows: LeadRow[]) {
  const ids = rows.filter((l) => l.convertedAt !== null && l.leadStatus !== CONVERTED_STATUS).map((l) => l.id);
  if (ids.length === 0) return new Map<string, { id: string; revertedAt: Date; revertedBy: string | null }>();
  const found = await db
    .selectDistinctOn([clients.convertedFromLeadId], {
      leadId: clients.convertedFromLeadId,
      id: clients.id,
      revertedAt: clients.revertedAt,
      revertedBy: clients.revertedBy,
    })
    .from(clients)
    .where(
      and(
        inArray(clients.convertedFromLeadId, ids),
        eq(clients.status, REVERTED_STATUS),
        isNotNull(clients.revertedAt),
      ),
    )
    .orderBy(clients.convertedFromLeadId, desc(clients.revertedAt));
  return new Map(
    found.map((r) => [r.leadId as string, { id: r.id, revertedAt: r.revertedAt as Date, revertedBy: r.revertedBy }]),
  );
}

function toLeadRecord(l: LeadRow, ref: (id: string | null) => UserRef): Omit<LeadRecord, 'reversion'> {
  return {
    id: l.id,
    displayId: displayId('lead', l.id),
    firstName: l.firstName,
    middleName: l.middleName,
    lastName: l.lastName,
    gender: l.gender,
    dateOfBirth: l.dateOfBirth,
    nationality: l.nationality,
    countryOfResidence: l.countryOfResidence,
    email: l.email,
    contactNumber: l.contactNumber,
    contactNumberDisplay: formatPhoneNumber(l.contactNumber),
    applicantLocation: l.applicantLocation,
    currentVisaSubclass: l.currentVisaSubclass,
    desiredVisa: l.desiredVisa,
    visaExpiryDate: l.visaExpiryDate,
    leadStatus: l.leadStatus,
    leadSource: l.leadSource,
    socialMediaPlatform: l.socialMediaPlatform,
    associatePartner: l.associatePartner,
    branchOffice: l.branchOffice,
    manager: ref(l.managerUserId),
    assistantManager: ref(l.assistantManagerUserId),
    migrationAgent: ref(l.migrationAgentUserId),
    createdBy: ref(l.createdBy),
    updatedBy: ref(l.updatedBy),
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
    convertedAt: l.convertedAt?.toISOString() ?? null,
    convertedToClientId: l.convertedToClientId,
    isHidden: l.isHidden,
    hiddenAt: l.hiddenAt?.toISOString() ?? null,
    version: l.version,
  };
}

/** Which stored state a lookup accepts: live (the lists' leads), soft-deleted (Deleted Items), or any row. */
export type LeadState = 'live' | 'deleted' | 'any';

const stateCondition = (state: LeadState): SQL | undefined =>
  state === 'live'
    ? leadIsLive()
    : state === 'deleted'
      ? and(isNotNull(leads.deletedAt), isNull(leads.archivedAt))
      : undefined;

/** One lead the viewer may see, in the given state; undefined when there is none (or the id is no uuid). */
export async function findLead(
  db: Executor,
  viewer: Viewer,
  id: string,
  state: LeadState = 'live',
): Promise<LeadRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), stateCondition(state), visibleTo(viewer, leadOwnership)))
    .limit(1);
  return row;
}

/** The API shape of one lead (with user names), whatever its state. */
export async function findLeadRecord(db: Executor, id: string): Promise<LeadRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  return (await toLeadRecords(db, rows))[0];
}

/** Each sort of the leads tab and its key: the expression its (key, id) index is built on (schema/leads.ts). */
const SORT_KEYS = {
  createdAt: sortKey(leads.createdAt, 'timestamptz'),
  updatedAt: sortKey(leads.updatedAt, 'timestamptz'),
  firstName: sortKey(leads.firstName),
  lastName: sortKey(leads.lastName),
  leadStatus: sortKey(leads.leadStatus),
  applicantLocation: { expr: textSortKey(leads.applicantLocation), type: 'text' },
  desiredVisa: { expr: textSortKey(leads.desiredVisa), type: 'text' },
  nationality: { expr: textSortKey(leads.nationality), type: 'text' },
} satisfies Record<(typeof LEAD_SORT_FIELDS)[number], SortKey>;

/** The leads tab's base rows (spec 1 §2.3): live, not converted or consultation-only, hidden ones only on request. */
function listConditions(showHidden: boolean | undefined): SQL[] {
  const base = [leadIsLive(), notInArray(leads.leadStatus, [...LEAD_STATUSES_HIDDEN_FROM_LIST])];
  return showHidden ? base : [...base, eq(leads.isHidden, false)];
}

/** The leads tab's search: the trigram expression, the name and email prefixes, the phone column. */
export const leadSearch = (term: string | undefined): SearchSpec => ({
  expression: personSearchText(leads),
  prefixes: [prefixSearchKey(leads.firstName), prefixSearchKey(leads.lastName), prefixSearchKey(leads.email)],
  term,
  digits: leads.contactNumberDigits,
});

/** How many leads the tab shows, from the maintained counts (statuses filtered or not, hidden or not). */
export async function leadTabTotal(
  db: Executor,
  options: { showHidden?: boolean; statuses?: readonly string[] },
): Promise<number> {
  return sumOf(
    await leadBuckets(db),
    (b) =>
      !(LEAD_STATUSES_HIDDEN_FROM_LIST as readonly string[]).includes(b.status) &&
      (options.showHidden || !b.hidden) &&
      (!options.statuses?.length || options.statuses.includes(b.status)),
  );
}

/**
 * The Leads tab's count for a search: the maintained counts when nothing narrows it and the role sees every
 * lead, a count capped at 10,000 for a consultant's own, and at most SEARCH_COUNT_CAP for a search.
 */
export async function leadTabCount(
  db: Executor,
  viewer: Viewer,
  query: { search?: string; showHidden?: boolean },
): Promise<TabCount> {
  const searched = Boolean(query.search?.trim());
  if (!searched && seesEverything(viewer)) {
    return { total: await leadTabTotal(db, { showHidden: query.showHidden }), capped: false };
  }
  const where = listWhere({
    viewer,
    conditions: listConditions(query.showHidden),
    ownership: leadOwnership,
    search: leadSearch(query.search),
  });
  return cappedCount(db, leads, where, searched ? SEARCH_COUNT_CAP : undefined);
}

type LeadFilter = Pick<LeadListQuery, 'showHidden' | 'status' | 'location' | 'desiredVisa' | 'unassigned'>;

/** The Leads tab's filters as conditions: the list and its export read the same rows. */
function leadFilterConditions(query: LeadFilter): (SQL | undefined)[] {
  return [
    ...listConditions(query.showHidden),
    anyOf(leads.leadStatus, query.status),
    anyOf(leads.applicantLocation, query.location),
    anyOf(leads.desiredVisa, query.desiredVisa),
    query.unassigned ? or(isNull(leads.managerUserId), isNull(leads.assistantManagerUserId)) : undefined,
  ];
}

/** Every lead the list would show for these filters, newest first, as records, in keyset batches (export). */
export async function* leadsForExport(
  db: Executor,
  viewer: Viewer,
  query: LeadFilter & { search?: string },
): AsyncGenerator<LeadRecord> {
  const where = listWhere({
    viewer,
    conditions: leadFilterConditions(query),
    ownership: leadOwnership,
    search: leadSearch(query.search),
  });
  for await (const rows of keysetBatches<LeadRow>(db, leads, leads, where)) yield* await toLeadRecords(db, rows);
}

export async function listLeads(db: Executor, viewer: Viewer, query: LeadListQuery): Promise<LeadPage> {
  // The maintained counts answer the status filter (and Show Hidden); the other filters and a search not.
  const countable = !query.search?.trim() && !query.location?.length && !query.desiredVisa?.length && !query.unassigned;
  return listPage(db, {
    viewer,
    from: leads,
    conditions: leadFilterConditions(query),
    ownership: leadOwnership,
    search: leadSearch(query.search),
    sort: { keys: SORT_KEYS, requested: query.sort, fallback: 'createdAt', tieBreaker: leads.id },
    query,
    filtered: !countable || Boolean(query.status?.length),
    exactTotal:
      countable && seesEverything(viewer)
        ? () => leadTabTotal(db, { showHidden: query.showHidden, statuses: query.status })
        : undefined,
    toItems: (rows) => toLeadRecords(db, rows),
  });
}

export async function leadFilterOptions(db: Executor, viewer: Viewer, showHidden: boolean | undefined) {
  const where = listWhere({ viewer, conditions: listConditions(showHidden), ownership: leadOwnership });
  return {
    statuses: await valuesPresent(
      db,
      leads,
      where,
      leads.leadStatus,
      LEAD_STATUSES.filter((s) => !LEAD_STATUSES_HIDDEN_FROM_LIST.includes(s)),
    ),
    locations: await valuesPresent(db, leads, where, leads.applicantLocation, APPLICANT_LOCATIONS),
    desiredVisas: await valuesPresent(db, leads, where, leads.desiredVisa, VISAS),
  };
}

export async function insertLead(db: Executor, values: NewLeadRow): Promise<LeadRow> {
  const [row] = await db.insert(leads).values(withContactNumberForms(values)).returning();
  if (!row) throw new Error('insert leads returned no row');
  return row;
}

export type LeadPatch = Partial<Omit<NewLeadRow, 'id' | 'createdAt' | 'createdBy' | 'version'>> & {
  updatedBy: string | null;
};

/** Applies a patch only when the version matches; undefined on a stale version. Bumps version and updated_at. */
export async function updateLeadVersioned(
  db: Executor,
  id: string,
  expectedVersion: number,
  patch: LeadPatch,
): Promise<LeadRow | undefined> {
  const [row] = await db
    .update(leads)
    .set({ ...withContactNumberForms(patch), updatedAt: new Date(), version: sql`${leads.version} + 1` })
    .where(and(eq(leads.id, id), eq(leads.version, expectedVersion)))
    .returning();
  return row;
}

/** Applies a patch whatever the version (state changes: hide, delete, archive, restore). Bumps version. */
export async function updateLead(db: Executor, id: string, patch: LeadPatch): Promise<LeadRow | undefined> {
  const [row] = await db
    .update(leads)
    .set({ ...withContactNumberForms(patch), updatedAt: new Date(), version: sql`${leads.version} + 1` })
    .where(eq(leads.id, id))
    .returning();
  return row;
}

export async function deleteLeadRow(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(leads).where(eq(leads.id, id)).returning({ id: leads.id });
  return rows.length > 0;
}

export async function insertContact(db: Executor, values: NewContactRow): Promise<string> {
  const [row] = await db.insert(contacts).values(withContactNumberForms(values)).returning({ id: contacts.id });
  if (!row) throw new Error('insert contacts returned no row');
  return row.id;
}

/** True once anyone has created or changed a lead here (the demo seed never refills a table people emptied). */
export async function hasLeadHistory(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: auditLogs.id }).from(auditLogs).where(eq(auditLogs.resourceType, 'LEAD')).limit(1);
  return rows.length > 0;
}

/** Every row, whatever its state (the seeds only load into an empty table). */
export async function countAllLeads(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leads);
  return row?.n ?? 0;
}

/** Bulk load (seeds): one multi-row insert. */
export async function insertLeads(db: Executor, rows: NewLeadRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(leads).values(rows.map(withContactNumberForms));
}

/** Bulk load (seeds) of a few rows, returning them as stored. */
export async function insertLeadsReturning(db: Executor, rows: NewLeadRow[]): Promise<LeadRow[]> {
  return rows.length > 0 ? db.insert(leads).values(rows.map(withContactNumberForms)).returning() : [];
}

/** Live leads marked Converted to Client with no client yet (the demo seed gives each one its client). */
export async function convertedLeadsWithoutClient(db: Executor): Promise<LeadRow[]> {
  return db
    .select()
    .from(leads)
    .where(and(leadIsLive(), eq(leads.leadStatus, CONVERTED_STATUS), isNull(leads.convertedToClientId)))
    .orderBy(leads.createdAt, leads.id);
}

/** Seeds: links converted leads to their clients in one statement (converted_at as given). */
export async function linkConvertedLeads(
  db: Executor,
  links: readonly { leadId: string; clientId: string; convertedAt: Date }[],
): Promise<void> {
  if (links.length === 0) return;
  const values = sql.join(
    links.map((l) => sql`(${l.leadId}::uuid, ${l.clientId}::uuid, ${l.convertedAt.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${leads} set converted_to_client_id = v.client_id, converted_at = v.converted_at,
      updated_at = greatest(${leads.updatedAt}, v.converted_at)
    from (values ${values}) as v(lead_id, client_id, converted_at)
    where ${leads.id} = v.lead_id`);
}
