// The only place that reads and writes the clients table.
import { and, count, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import {
  APPLICANT_LOCATIONS,
  canRevertConversion,
  clientStatusLabel,
  CLIENT_STATUSES,
  type CLIENT_SORT_FIELDS,
  type ClientListQuery,
  type ClientPage,
  type ClientRecord,
  displayId,
  passportStatus,
  REVERTED_STATUS,
  VISAS,
  visaStatus,
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
import { cappedCount, clientBuckets, sumOf } from '../../db/record-counts.ts';
import { auditLogs, clientIsActive, clientIsLive, clientOwnership, clients, leads } from '../../db/schema/index.ts';
import { dateSortKey, personSearchText, prefixSearchKey, textSortKey } from '../../db/schema/columns.ts';
import { valuesPresent } from '../../db/values-present.ts';
import { readFirmToday } from '../../platform/settings/settings.repository.ts';
import { type UserRef, userRefs } from '../users/users.repository.ts';

export type ClientRow = typeof clients.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;
export type ClientPatch = Partial<Omit<NewClientRow, 'id' | 'createdAt' | 'createdBy' | 'version'>> & {
  updatedBy: string | null;
};

/**
 * The API shape of client rows, with the names of the users they reference (one small users query) and
 * passport and visa status counted from the firm's today at `now`.
 */
export async function toClientRecords(
  db: Executor,
  rows: ClientRow[],
  now: Date = new Date(),
): Promise<ClientRecord[]> {
  if (rows.length === 0) return [];
  const today = await readFirmToday(db, now);
  const ref = await userRefs(
    db,
    rows.flatMap((c) => [
      c.managerUserId,
      c.assistantManagerUserId,
      c.migrationAgentUserId,
      c.createdBy,
      c.updatedBy,
      c.revertedBy,
    ]),
  );
  return rows.map((c) => toClientRecord(c, ref, now, today));
}

function toClientRecord(c: ClientRow, ref: (id: string | null) => UserRef, now: Date, today: string): ClientRecord {
  return {
    id: c.id,
    displayId: displayId('client', c.id),
    firstName: c.firstName,
    middleName: c.middleName,
    lastName: c.lastName,
    email: c.email,
    contactNumber: c.contactNumber,
    contactNumberDisplay: formatPhoneNumber(c.contactNumber),
    dateOfBirth: c.dateOfBirth,
    gender: c.gender,
    nationality: c.nationality,
    maritalStatus: c.maritalStatus,
    numberOfDependents: c.numberOfDependents,
    passportNumber: c.passportNumber,
    passportExpiryDate: c.passportExpiryDate,
    passportStatus: passportStatus(c.passportExpiryDate, today),
    visaStatus: visaStatus(c.visaExpiryDate, today),
    currentVisaSubclass: c.currentVisaSubclass,
    desiredVisa: c.desiredVisa,
    visaExpiryDate: c.visaExpiryDate,
    applicantLocation: c.applicantLocation,
    street1: c.street1,
    street2: c.street2,
    city: c.city,
    stateRegion: c.stateRegion,
    postalCode: c.postalCode,
    country: c.country,
    address: c.address,
    countryOfResidence: c.countryOfResidence,
    leadSource: c.leadSource,
    socialMediaPlatform: c.socialMediaPlatform,
    associatePartner: c.associatePartner,
    branchOffice: c.branchOffice,
    status: clientStatusLabel(c.status),
    manager: ref(c.managerUserId),
    assistantManager: ref(c.assistantManagerUserId),
    migrationAgent: ref(c.migrationAgentUserId),
    spouseFirstName: c.spouseFirstName,
    spouseMiddleName: c.spouseMiddleName,
    spouseLastName: c.spouseLastName,
    spouseDateOfBirth: c.spouseDateOfBirth,
    spouseNationality: c.spouseNationality,
    spouseCountryOfResidence: c.spouseCountryOfResidence,
    dependents: c.dependents ?? [],
    company: c.company,
    projects: c.projects,
    revenue: c.revenue,
    convertedFromLeadId: c.convertedFromLeadId,
    conversionNotes: c.conversionNotes,
    convertedAt: c.convertedAt?.toISOString() ?? null,
    canRevert: isRevertible(c, now),
    revertedAt: c.revertedAt?.toISOString() ?? null,
    revertedBy: ref(c.revertedBy),
    createdBy: ref(c.createdBy),
    updatedBy: ref(c.updatedBy),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    isHidden: c.isHidden,
    hiddenAt: c.hiddenAt?.toISOString() ?? null,
    hiddenReason: c.hiddenReason,
    version: c.version,
  };
}

/** 'Revert to Lead' applies: live, converted from a lead less than 30 days ago, not reverted yet. */
export const isRevertible = (
  c: Pick<ClientRow, 'convertedFromLeadId' | 'convertedAt' | 'status' | 'deletedAt'>,
  now = new Date(),
) =>
  !!c.convertedFromLeadId &&
  c.status !== REVERTED_STATUS &&
  c.deletedAt === null &&
  canRevertConversion(c.convertedAt, now);

/** Which stored state a lookup accepts: live (not soft-deleted), soft-deleted (Deleted Items), or any row. */
export type ClientState = 'live' | 'deleted' | 'any';

const stateCondition = (state: ClientState): SQL | undefined =>
  state === 'live' ? clientIsLive() : state === 'deleted' ? isNotNull(clients.deletedAt) : undefined;

/** One client the viewer may see, in the given state; undefined when there is none (or the id is no uuid). */
export async function findClient(
  db: Executor,
  viewer: Viewer,
  id: string,
  state: ClientState = 'live',
): Promise<ClientRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), stateCondition(state), visibleTo(viewer, clientOwnership)))
    .limit(1);
  return row;
}

/** The API shape of one client (with user names), whatever its state. */
export async function findClientRecord(db: Executor, id: string): Promise<ClientRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  return (await toClientRecords(db, rows))[0];
}

/** The newest live client converted from the lead (deep links: a converted lead's id opens its client). */
export async function findClientConvertedFrom(
  db: Executor,
  viewer: Viewer,
  leadId: string,
): Promise<ClientRow | undefined> {
  if (!isUuid(leadId)) return undefined;
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.convertedFromLeadId, leadId), clientIsActive(), visibleTo(viewer, clientOwnership)))
    .orderBy(sql`${clients.createdAt} desc`)
    .limit(1);
  return row;
}

/** Each sort of the clients tab and its key: the expression its (key, id) index is built on (schema/clients.ts). */
const SORT_KEYS = {
  createdAt: sortKey(clients.createdAt, 'timestamptz'),
  updatedAt: sortKey(clients.updatedAt, 'timestamptz'),
  firstName: sortKey(clients.firstName),
  lastName: sortKey(clients.lastName),
  status: sortKey(clients.status),
  applicantLocation: { expr: textSortKey(clients.applicantLocation), type: 'text' },
  desiredVisa: { expr: textSortKey(clients.desiredVisa), type: 'text' },
  nationality: { expr: textSortKey(clients.nationality), type: 'text' },
  passportExpiryDate: { expr: dateSortKey(clients.passportExpiryDate), type: 'date' },
} satisfies Record<(typeof CLIENT_SORT_FIELDS)[number], SortKey>;

/**
 * The clients tab's base rows (spec 1 §2.3): live, hidden ones only on request, Reverted ones only when
 * the status filter names Reverted.
 */
function listConditions(query: Pick<ClientListQuery, 'showHidden' | 'status'>): SQL[] {
  const base = [clientIsLive()];
  if (!query.status?.includes(REVERTED_STATUS)) base.push(ne(clients.status, REVERTED_STATUS));
  if (!query.showHidden) base.push(eq(clients.isHidden, false));
  return base;
}

/** The clients tab's search: the trigram expression, the name and email prefixes, the phone column. */
export const clientSearch = (term: string | undefined): SearchSpec => ({
  expression: personSearchText(clients),
  prefixes: [prefixSearchKey(clients.firstName), prefixSearchKey(clients.lastName), prefixSearchKey(clients.email)],
  term,
  digits: clients.contactNumberDigits,
});

/**
 * How many clients the tab shows, from the maintained counts: Reverted ones only when the status filter
 * names Reverted, hidden ones only on request (the status column holds '' for Active).
 */
export async function clientTabTotal(
  db: Executor,
  options: { showHidden?: boolean; statuses?: readonly string[] },
): Promise<number> {
  const wanted = options.statuses?.length ? options.statuses : undefined;
  return sumOf(await clientBuckets(db), (b) => {
    if (!options.showHidden && b.hidden) return false;
    if (wanted) return wanted.includes(b.status);
    return b.status !== REVERTED_STATUS;
  });
}

/** The Clients tab's count for a search, counted as the Leads tab's (leadTabCount). */
export async function clientTabCount(
  db: Executor,
  viewer: Viewer,
  query: { search?: string; showHidden?: boolean },
): Promise<TabCount> {
  const searched = Boolean(query.search?.trim());
  if (!searched && seesEverything(viewer)) {
    return { total: await clientTabTotal(db, { showHidden: query.showHidden }), capped: false };
  }
  const where = listWhere({
    viewer,
    conditions: listConditions({ showHidden: query.showHidden }),
    ownership: clientOwnership,
    search: clientSearch(query.search),
  });
  return cappedCount(db, clients, where, searched ? SEARCH_COUNT_CAP : undefined);
}

type ClientFilter = Pick<ClientListQuery, 'showHidden' | 'status' | 'location' | 'desiredVisa'>;

/** The Clients tab's filters as conditions: the list and its export read the same rows. */
function clientFilterConditions(query: ClientFilter): (SQL | undefined)[] {
  return [
    ...listConditions(query),
    anyOf(clients.status, query.status),
    anyOf(clients.applicantLocation, query.location),
    anyOf(clients.desiredVisa, query.desiredVisa),
  ];
}

/** Every client the list would show for these filters, newest first, as records, in keyset batches (export). */
export async function* clientsForExport(
  db: Executor,
  viewer: Viewer,
  query: ClientFilter & { search?: string },
): AsyncGenerator<ClientRecord> {
  const where = listWhere({
    viewer,
    conditions: clientFilterConditions(query),
    ownership: clientOwnership,
    search: clientSearch(query.search),
  });
  for await (const rows of keysetBatches<ClientRow>(db, clients, clients, where))
    yield* await toClientRecords(db, rows);
}

export async function listClients(db: Executor, viewer: Viewer, query: ClientListQuery): Promise<ClientPage> {
  // The maintained counts answer the status filter (and Show Hidden); the other filters and a search not.
  const countable = !query.search?.trim() && !query.location?.length && !query.desiredVisa?.length;
  return listPage(db, {
    viewer,
    from: clients,
    conditions: clientFilterConditions(query),
    ownership: clientOwnership,
    search: clientSearch(query.search),
    sort: { keys: SORT_KEYS, requested: query.sort, fallback: 'createdAt', tieBreaker: clients.id },
    query,
    filtered: !countable || Boolean(query.status?.length),
    exactTotal:
      countable && seesEverything(viewer)
        ? () => clientTabTotal(db, { showHidden: query.showHidden, statuses: query.status })
        : undefined,
    toItems: (rows) => toClientRecords(db, rows),
  });
}

/**
 * The filter bar's options from the clients the user can list: statuses include Reverted when reverted
 * clients exist (choosing it shows them); locations and desired visas come from the listed clients.
 */
export async function clientFilterOptions(db: Executor, viewer: Viewer, showHidden: boolean | undefined) {
  const listed = listWhere({ viewer, conditions: listConditions({ showHidden }), ownership: clientOwnership });
  const withReverted = listWhere({
    viewer,
    conditions: listConditions({ showHidden, status: [REVERTED_STATUS] }),
    ownership: clientOwnership,
  });
  return {
    statuses: await valuesPresent(db, clients, withReverted, clients.status, CLIENT_STATUSES),
    locations: await valuesPresent(db, clients, listed, clients.applicantLocation, APPLICANT_LOCATIONS),
    desiredVisas: await valuesPresent(db, clients, listed, clients.desiredVisa, VISAS),
  };
}

export async function insertClient(db: Executor, values: NewClientRow): Promise<ClientRow> {
  const [row] = await db.insert(clients).values(withContactNumberForms(values)).returning();
  if (!row) throw new Error('insert clients returned no row');
  return row;
}

/** Applies a patch only when the version matches; undefined on a stale version. Bumps version and updated_at. */
export async function updateClientVersioned(
  db: Executor,
  id: string,
  expectedVersion: number,
  patch: ClientPatch,
): Promise<ClientRow | undefined> {
  const [row] = await db
    .update(clients)
    .set({ ...withContactNumberForms(patch), updatedAt: new Date(), version: sql`${clients.version} + 1` })
    .where(and(eq(clients.id, id), eq(clients.version, expectedVersion)))
    .returning();
  return row;
}

/** Applies a patch whatever the version (state changes: hide, delete, restore, revert). Bumps version. */
export async function updateClient(db: Executor, id: string, patch: ClientPatch): Promise<ClientRow | undefined> {
  const [row] = await db
    .update(clients)
    .set({ ...withContactNumberForms(patch), updatedAt: new Date(), version: sql`${clients.version} + 1` })
    .where(eq(clients.id, id))
    .returning();
  return row;
}

export async function deleteClientRow(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(clients).where(eq(clients.id, id)).returning({ id: clients.id });
  return rows.length > 0;
}

/** Every row, whatever its state (the seeds only load into an empty table). */
export async function countAllClients(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(clients);
  return row?.n ?? 0;
}

/** Bulk load (seeds): one multi-row insert, returning the new ids in order. */
export async function insertClients(db: Executor, rows: NewClientRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(clients).values(rows.map(withContactNumberForms)).returning({ id: clients.id });
  return inserted.map((r) => r.id);
}

/** The lead a conversion links to, whatever its state (reversion puts it back). */
export async function findLinkedLead(db: Executor, leadId: string): Promise<typeof leads.$inferSelect | undefined> {
  const [row] = await db.select().from(leads).where(eq(leads.id, leadId)).limit(1);
  return row;
}

/** The leads whose conversion points at the client (a permanent delete clears their link). */
export async function leadIdsConvertedTo(db: Executor, clientId: string): Promise<string[]> {
  const rows = await db.select({ id: leads.id }).from(leads).where(eq(leads.convertedToClientId, clientId));
  return rows.map((r) => r.id);
}

/** True once anyone has created or changed a client here (the demo seed never refills a table people emptied). */
export async function hasClientHistory(db: Executor): Promise<boolean> {
  const rows = await db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(eq(auditLogs.resourceType, 'CLIENT'))
    .limit(1);
  return rows.length > 0;
}
