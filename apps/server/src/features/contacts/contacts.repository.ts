// The only place that reads and writes the contacts table (the archive of leads, spec 2 "Contacts page").
import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import {
  CONTACT_STATUS_ACTIVE,
  CONTACT_STATUS_REVERTED,
  type ContactListQuery,
  type ContactPage,
  type ContactRecord,
  type ContactStatistics,
  RECENT_CONVERSION_DAYS,
  formatPhoneNumber,
} from '@crm/domain';
import { withContactNumberForms } from '../../db/contact-number-e164.ts';
import type { Executor } from '../../db/database.ts';
import { keysetBatches } from '../../exports/table-export.ts';
import {
  isUuid,
  listPage,
  listWhere,
  type SearchSpec,
  seesEverything,
  type Viewer,
  visibleTo,
} from '../../db/list-query.ts';
import { cappedCount, contactBuckets, sumOf } from '../../db/record-counts.ts';
import { contactOwnership, contacts } from '../../db/schema/index.ts';
import { personSearchText, prefixSearchKey, timeSortKey } from '../../db/schema/columns.ts';
import { userRefs } from '../users/users.repository.ts';

export type ContactRow = typeof contacts.$inferSelect;
export type ContactPatch = Partial<Omit<typeof contacts.$inferInsert, 'id' | 'createdAt' | 'createdBy' | 'version'>> & {
  updatedBy: string | null;
};

/** Contacts with contact_status Reverted (restored to a lead or a client) leave every list (spec 2 §4). */
const listed = (): SQL => ne(contacts.contactStatus, CONTACT_STATUS_REVERTED);

async function toContactRecords(db: Executor, rows: ContactRow[]): Promise<ContactRecord[]> {
  const ref = await userRefs(
    db,
    rows.flatMap((c) => [c.ownerUserId, c.managerUserId, c.assistantManagerUserId, c.createdBy]),
  );
  return rows.map((c) => ({
    id: c.id,
    firstName: c.firstName,
    middleName: c.middleName,
    lastName: c.lastName,
    gender: c.gender,
    dateOfBirth: c.dateOfBirth,
    nationality: c.nationality,
    email: c.email,
    contactNumber: c.contactNumber,
    contactNumberDisplay: formatPhoneNumber(c.contactNumber),
    company: c.company,
    countryOfResidence: c.countryOfResidence,
    applicantLocation: c.applicantLocation,
    currentVisaSubclass: c.currentVisaSubclass,
    visaAppliedFor: c.visaAppliedFor,
    visaExpiryDate: c.visaExpiryDate,
    leadSource: c.leadSource,
    originalLeadStatus: c.originalLeadStatus,
    contactStatus: c.contactStatus,
    movedFromLeadsAt: c.movedFromLeadsAt?.toISOString() ?? null,
    movedFromLeadsReason: c.movedFromLeadsReason,
    daysAsLead: c.daysAsLead,
    canRevertToLead: c.canRevertToLead,
    originalLeadId: c.originalLeadId,
    owner: ref(c.ownerUserId),
    manager: ref(c.managerUserId),
    assistantManager: ref(c.assistantManagerUserId),
    createdBy: ref(c.createdBy),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  }));
}

/** The contacts page's search: the trigram expression, the name and email prefixes, the phone column. */
const contactSearch = (term: string | undefined): SearchSpec => ({
  expression: personSearchText(contacts),
  prefixes: [prefixSearchKey(contacts.firstName), prefixSearchKey(contacts.lastName), prefixSearchKey(contacts.email)],
  term,
  digits: contacts.contactNumberDigits,
});

/**
 * Every contact the viewer can list ('y' of 'x of y contacts'): the maintained counts for a role that
 * sees every contact, a capped count of its own for a consultant.
 */
async function listedContactTotal(db: Executor, viewer: Viewer): Promise<{ total: number; capped: boolean }> {
  if (seesEverything(viewer)) {
    return { total: sumOf(await contactBuckets(db), (b) => b.status !== CONTACT_STATUS_REVERTED), capped: false };
  }
  return cappedCount(db, contacts, listWhere({ viewer, conditions: [listed()], ownership: contactOwnership }));
}

/** One page, newest archived first; guest at most 20 per page, a consultant only its own. */
/** Every listed contact matching the search, newest first, as records, in keyset batches (export). */
export async function* contactsForExport(
  db: Executor,
  viewer: Viewer,
  query: { search?: string },
): AsyncGenerator<ContactRecord> {
  const where = listWhere({
    viewer,
    conditions: [listed()],
    ownership: contactOwnership,
    search: contactSearch(query.search),
  });
  for await (const rows of keysetBatches<ContactRow>(db, contacts, contacts, where))
    yield* await toContactRecords(db, rows);
}

export async function listContacts(db: Executor, viewer: Viewer, query: ContactListQuery): Promise<ContactPage> {
  const searched = Boolean(query.search?.trim());
  // The unsearched list's total is this 'y' too: read once.
  const all = listedContactTotal(db, viewer);
  const page = await listPage(db, {
    viewer,
    limitKind: 'contacts',
    from: contacts,
    conditions: [listed()],
    ownership: contactOwnership,
    search: contactSearch(query.search),
    sort: {
      keys: { movedFromLeadsAt: { expr: timeSortKey(contacts.movedFromLeadsAt), type: 'timestamptz' } },
      requested: undefined,
      fallback: 'movedFromLeadsAt',
      tieBreaker: contacts.id,
    },
    query,
    filtered: searched,
    exactTotal: searched ? undefined : async () => (await all).total,
    toItems: (rows) => toContactRecords(db, rows),
  });
  const { total, capped } = await all;
  return { ...page, totalCapped: searched ? false : capped, totalAll: total, totalAllCapped: capped };
}

/**
 * The statistics cards. A role that sees every contact reads the maintained counts; a consultant counts
 * its own (owner and assignee indexes). 'Recent conversions' reads the partial index of restored
 * contacts from the date on, so it costs what was restored lately, not the table.
 */
export async function contactStatistics(db: Executor, viewer: Viewer): Promise<ContactStatistics> {
  const since = sql`now() - make_interval(days => ${RECENT_CONVERSION_DAYS})`;
  const recentWhere = and(
    eq(contacts.contactStatus, CONTACT_STATUS_REVERTED),
    sql`${contacts.updatedAt} >= ${since}`,
    visibleTo(viewer, contactOwnership),
  );
  const [recentRow] = await db.select({ n: count() }).from(contacts).where(recentWhere);
  const recentConversions = Number(recentRow?.n ?? 0);
  if (seesEverything(viewer)) {
    const buckets = await contactBuckets(db);
    const total = sumOf(buckets, (b) => b.status !== CONTACT_STATUS_REVERTED);
    const active = sumOf(buckets, (b) => b.status === CONTACT_STATUS_ACTIVE);
    return {
      totalContacts: total,
      activeContacts: active,
      inactiveContacts: total - active,
      revertibleContacts: sumOf(buckets, (b) => b.status !== CONTACT_STATUS_REVERTED && b.revertible),
      recentConversions,
    };
  }
  const [row] = await db
    .select({
      total: sql<number>`count(*) filter (where ${listed()})::int`,
      active: sql<number>`count(*) filter (where ${eq(contacts.contactStatus, CONTACT_STATUS_ACTIVE)})::int`,
      revertible: sql<number>`count(*) filter (where ${and(listed(), eq(contacts.canRevertToLead, true))})::int`,
    })
    .from(contacts)
    .where(visibleTo(viewer, contactOwnership));
  const total = Number(row?.total ?? 0);
  const active = Number(row?.active ?? 0);
  return {
    totalContacts: total,
    activeContacts: active,
    inactiveContacts: total - active,
    revertibleContacts: Number(row?.revertible ?? 0),
    recentConversions,
  };
}

/** A listed contact (not Reverted) the viewer may see; undefined when there is none (or the id is no uuid). */
export async function findListedContact(db: Executor, viewer: Viewer, id: string): Promise<ContactRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), listed(), visibleTo(viewer, contactOwnership)))
    .limit(1);
  return row;
}

/** Applies a patch only when the row is still listed (two restores at once: the second finds nothing). */
export async function updateListedContact(
  db: Executor,
  id: string,
  patch: ContactPatch,
): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set({ ...withContactNumberForms(patch), updatedAt: new Date(), version: sql`${contacts.version} + 1` })
    .where(and(eq(contacts.id, id), listed()))
    .returning();
  return row;
}

/** Bulk load (seeds): one multi-row insert. */
export async function insertContacts(db: Executor, rows: (typeof contacts.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(contacts).values(rows.map(withContactNumberForms));
}

/** Every row (the demo seed only loads into an empty table). */
export async function countAllContacts(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contacts);
  return row?.n ?? 0;
}
