// Leads (spec 1 §3.1) with the indexes the list filters, sorts and searches by.
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  auditColumns,
  id,
  personSearchText,
  prefixSearchKey,
  recordSearchText,
  textSortKey,
  timestamptz,
} from './columns.ts';
import { users } from './users.ts';

/** A contact number reduced to its digits: the duplicate check compares these. */
export const contactDigits = (contactNumber: AnyPgColumn): SQL =>
  sql`regexp_replace(${contactNumber}, '[^0-9]', '', 'g')`;

/** Rows the lists, statistics and duplicate checks look at; the partial indexes share this predicate. */
const LIVE = (t: { deletedAt: AnyPgColumn; archivedAt: AnyPgColumn }) =>
  sql`${t.deletedAt} is null and ${t.archivedAt} is null`;

const userRef = () => uuid().references(() => users.id, { onDelete: 'set null' });

export const leads = pgTable(
  'leads',
  {
    id: id(),
    // The columns every list, count and statistic filters on come first, fixed-width ones before text:
    // PostgreSQL reads a row's columns in order, so these checks stop early in each row (a count over
    // 100,000 leads took about 20% less CPU on PGlite than with them at the end).
    isHidden: boolean().notNull().default(false),
    deletedAt: timestamptz(),
    archivedAt: timestamptz(),
    ...auditColumns(),
    managerUserId: userRef(),
    assistantManagerUserId: userRef(),
    migrationAgentUserId: userRef(),
    convertedAt: timestamptz(),
    leadStatus: text().notNull().default('New Lead Received'),
    applicantLocation: text(),
    desiredVisa: text(),
    firstName: text().notNull(),
    middleName: text(),
    lastName: text().notNull(),
    email: text().notNull(),
    contactNumber: text().notNull(),
    /**
     * The typed number in E.164 ('+61412345678'), null when it is not valid; the repositories set it on every
     * write. Named, as the snake_case casing would spell it contact_number_e_164.
     */
    contactNumberE164: text('contact_number_e164'),
    /**
     * The phone search's haystack (decision 0005): the E.164 digits without '+' ('61412345678') when the number
     * is valid, else the digits as typed; set with contactNumberE164 on every write.
     */
    contactNumberDigits: text(),
    gender: text(),
    dateOfBirth: date({ mode: 'string' }),
    nationality: text(),
    countryOfResidence: text(),
    currentVisaSubclass: text(),
    visaExpiryDate: date({ mode: 'string' }),
    leadSource: text().notNull().default('Website'),
    socialMediaPlatform: text(),
    associatePartner: text(),
    branchOffice: text(),
    /** No foreign key yet: the clients table arrives with conversion. */
    convertedToClientId: uuid(),
    /** The status a conversion replaced, so a reversion can put it back. */
    statusBeforeConversion: text(),
    hiddenAt: timestamptz(),
    hiddenReason: text(),
    deletedBy: uuid(),
    deleteReason: text(),
  },
  (t) => [
    index('leads_search_trgm_idx')
      .using('gin', sql`${personSearchText(t)} gin_trgm_ops`)
      .where(LIVE(t)),
    // The combined record list's search (name, email, phone, status, location, desired visa, nationality).
    index('leads_record_search_trgm_idx')
      .using('gin', sql`${recordSearchText(t, t.leadStatus)} gin_trgm_ops`)
      .where(LIVE(t)),
    // Race backstop for the duplicate check (the service checks first and answers with the spec's message).
    uniqueIndex('leads_email_live_uq')
      .on(sql`lower(${t.email})`)
      .where(LIVE(t)),
    index('leads_contact_digits_idx').on(contactDigits(t.contactNumber)).where(LIVE(t)),
    // Phone search (an exact number or its beginning: LIKE '+61412%' needs the pattern operator class) and
    // the duplicate check. Not partial: the start-up back-fill finds the rows still without one through it.
    index('leads_contact_e164_idx').on(t.contactNumberE164.op('text_pattern_ops')),
    // Phone search by any run of digits (LIKE '%412345678%'). Not partial: every list reads it, the live ones
    // and the contacts alike.
    index('leads_contact_digits_trgm_idx').using('gin', sql`${t.contactNumberDigits} gin_trgm_ops`),
    // Sorts (each with the id tie-breaker the list orders by) and filters.
    index('leads_created_idx').on(t.createdAt, t.id).where(LIVE(t)),
    index('leads_updated_idx').on(t.updatedAt, t.id).where(LIVE(t)),
    index('leads_first_name_idx').on(t.firstName, t.id).where(LIVE(t)),
    index('leads_last_name_idx').on(t.lastName, t.id).where(LIVE(t)),
    index('leads_nationality_sort_idx').on(textSortKey(t.nationality), t.id).where(LIVE(t)),
    index('leads_status_sort_idx').on(t.leadStatus, t.id).where(LIVE(t)),
    index('leads_location_sort_idx').on(textSortKey(t.applicantLocation), t.id).where(LIVE(t)),
    index('leads_desired_visa_sort_idx').on(textSortKey(t.desiredVisa), t.id).where(LIVE(t)),
    // 1–2 letter searches match the start of a name or the email (3 and more use the trigram index).
    index('leads_first_name_prefix_idx')
      .on(sql`${prefixSearchKey(t.firstName)} text_pattern_ops`)
      .where(LIVE(t)),
    index('leads_last_name_prefix_idx')
      .on(sql`${prefixSearchKey(t.lastName)} text_pattern_ops`)
      .where(LIVE(t)),
    index('leads_email_prefix_idx')
      .on(sql`${prefixSearchKey(t.email)} text_pattern_ops`)
      .where(LIVE(t)),
    index('leads_status_created_idx').on(t.leadStatus, t.createdAt, t.id).where(LIVE(t)),
    index('leads_location_created_idx').on(t.applicantLocation, t.createdAt, t.id).where(LIVE(t)),
    index('leads_desired_visa_created_idx').on(t.desiredVisa, t.createdAt, t.id).where(LIVE(t)),
    index('leads_converted_at_idx')
      .on(t.convertedAt)
      .where(sql`${t.convertedAt} is not null`),
    index('leads_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // Consultant visibility (own or assigned) and the foreign keys' set-null on user removal.
    index('leads_created_by_idx').on(t.createdBy),
    index('leads_manager_idx').on(t.managerUserId),
    index('leads_assistant_manager_idx').on(t.assistantManagerUserId),
    index('leads_migration_agent_idx').on(t.migrationAgentUserId),
  ],
);

/** Creator and assignees: a consultant sees the leads it created or is assigned to (DECISIONS.md §2). */
export const leadOwnership = {
  owner: leads.createdBy,
  assignees: [leads.managerUserId, leads.assistantManagerUserId, leads.migrationAgentUserId],
  taskRecord: { id: leads.id, via: 'lead' },
} as const;

/** Not deleted and not archived: the leads lists, statistics and duplicate checks work on these. */
export const leadIsLive = (): SQL => LIVE(leads);
