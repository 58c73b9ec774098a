// Clients (spec 1 §3.2) with dependents as JSON (§3.3), and the indexes the list filters, sorts and searches by.
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DependentRecord } from '@crm/domain';
import {
  auditColumns,
  dateSortKey,
  id,
  personSearchText,
  prefixSearchKey,
  recordSearchText,
  textSortKey,
  timestamptz,
} from './columns.ts';
import { contactDigits, leads } from './leads.ts';
import { users } from './users.ts';

/** Not soft-deleted: lists, statistics and duplicate checks work on these; the partial indexes share it. */
const LIVE = (t: { deletedAt: AnyPgColumn }) => sql`${t.deletedAt} is null`;
/** Live and not Reverted: a Reverted client is kept for the record, its person is a lead again. */
const ACTIVE = (t: { deletedAt: AnyPgColumn; status: AnyPgColumn }) =>
  sql`${t.deletedAt} is null and ${t.status} <> 'Reverted'`;

const userRef = () => uuid().references(() => users.id, { onDelete: 'set null' });

export const clients = pgTable(
  'clients',
  {
    id: id(),
    // Filtered columns first, fixed-width before text (see leads.ts).
    isHidden: boolean().notNull().default(false),
    deletedAt: timestamptz(),
    ...auditColumns(),
    /** The client's owner (spec's user_id): the lead's creator on conversion, so a consultant keeps its client. */
    userId: userRef(),
    managerUserId: userRef(),
    assistantManagerUserId: userRef(),
    migrationAgentUserId: userRef(),
    convertedFromLeadId: uuid().references((): AnyPgColumn => leads.id, { onDelete: 'set null' }),
    convertedAt: timestamptz(),
    revertedAt: timestamptz(),
    revertedBy: userRef(),
    status: text().notNull().default('Active'),
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
    dateOfBirth: date({ mode: 'string' }),
    gender: text(),
    nationality: text(),
    maritalStatus: text(),
    numberOfDependents: text().notNull().default('0'),
    passportNumber: text(),
    passportExpiryDate: date({ mode: 'string' }),
    currentVisaSubclass: text(),
    visaExpiryDate: date({ mode: 'string' }),
    street1: text(),
    street2: text(),
    city: text(),
    stateRegion: text(),
    postalCode: text(),
    country: text(),
    address: text(),
    countryOfResidence: text(),
    leadSource: text(),
    socialMediaPlatform: text(),
    associatePartner: text(),
    branchOffice: text(),
    spouseFirstName: text(),
    spouseMiddleName: text(),
    spouseLastName: text(),
    spouseDateOfBirth: date({ mode: 'string' }),
    spouseNationality: text(),
    spouseCountryOfResidence: text(),
    dependents: jsonb()
      .$type<DependentRecord[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    company: text(),
    projects: text().default('0'),
    revenue: numeric({ precision: 14, scale: 2 }),
    conversionNotes: text(),
    hiddenAt: timestamptz(),
    hiddenReason: text(),
    deletedBy: uuid(),
    deleteReason: text(),
  },
  (t) => [
    index('clients_search_trgm_idx')
      .using('gin', sql`${personSearchText(t)} gin_trgm_ops`)
      .where(LIVE(t)),
    // The combined record list's search (name, email, phone, status, location, desired visa, nationality).
    index('clients_record_search_trgm_idx')
      .using('gin', sql`${recordSearchText(t, t.status)} gin_trgm_ops`)
      .where(LIVE(t)),
    // Race backstop for the duplicate check (the service checks first and answers with the spec's message).
    uniqueIndex('clients_email_active_uq')
      .on(sql`lower(${t.email})`)
      .where(ACTIVE(t)),
    index('clients_contact_digits_idx').on(contactDigits(t.contactNumber)).where(LIVE(t)),
    // Phone search and the duplicate check (see leads.ts).
    index('clients_contact_e164_idx').on(t.contactNumberE164.op('text_pattern_ops')),
    // Phone search by any run of digits (LIKE '%412345678%'). Not partial: every list reads it, the live ones
    // and the contacts alike.
    index('clients_contact_digits_trgm_idx').using('gin', sql`${t.contactNumberDigits} gin_trgm_ops`),
    // Sorts (each with the id tie-breaker the list orders by) and filters.
    index('clients_created_idx').on(t.createdAt, t.id).where(LIVE(t)),
    index('clients_updated_idx').on(t.updatedAt, t.id).where(LIVE(t)),
    index('clients_first_name_idx').on(t.firstName, t.id).where(LIVE(t)),
    index('clients_last_name_idx').on(t.lastName, t.id).where(LIVE(t)),
    index('clients_nationality_sort_idx').on(textSortKey(t.nationality), t.id).where(LIVE(t)),
    index('clients_passport_expiry_sort_idx').on(dateSortKey(t.passportExpiryDate), t.id).where(LIVE(t)),
    index('clients_status_sort_idx').on(t.status, t.id).where(LIVE(t)),
    index('clients_location_sort_idx').on(textSortKey(t.applicantLocation), t.id).where(LIVE(t)),
    index('clients_desired_visa_sort_idx').on(textSortKey(t.desiredVisa), t.id).where(LIVE(t)),
    // 1–2 letter searches (see leads.ts).
    index('clients_first_name_prefix_idx')
      .on(sql`${prefixSearchKey(t.firstName)} text_pattern_ops`)
      .where(LIVE(t)),
    index('clients_last_name_prefix_idx')
      .on(sql`${prefixSearchKey(t.lastName)} text_pattern_ops`)
      .where(LIVE(t)),
    index('clients_email_prefix_idx')
      .on(sql`${prefixSearchKey(t.email)} text_pattern_ops`)
      .where(LIVE(t)),
    index('clients_status_created_idx').on(t.status, t.createdAt, t.id).where(LIVE(t)),
    index('clients_location_created_idx').on(t.applicantLocation, t.createdAt, t.id).where(LIVE(t)),
    index('clients_desired_visa_created_idx').on(t.desiredVisa, t.createdAt, t.id).where(LIVE(t)),
    index('clients_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // Conversion lookups (and the foreign key's set-null when a lead is deleted forever).
    index('clients_converted_from_lead_idx').on(t.convertedFromLeadId),
    index('clients_converted_at_idx')
      .on(t.convertedAt)
      .where(sql`${t.convertedAt} is not null`),
    // Consultant visibility (own or assigned) and the foreign keys' set-null on user removal.
    index('clients_created_by_idx').on(t.createdBy),
    index('clients_user_idx').on(t.userId),
    index('clients_manager_idx').on(t.managerUserId),
    index('clients_assistant_manager_idx').on(t.assistantManagerUserId),
    index('clients_migration_agent_idx').on(t.migrationAgentUserId),
    index('clients_reverted_by_idx').on(t.revertedBy),
  ],
);

/** Creator, owner and assignees: a consultant sees the clients it created, owns or is assigned to (DECISIONS.md §2). */
export const clientOwnership = {
  owner: clients.createdBy,
  assignees: [clients.userId, clients.managerUserId, clients.assistantManagerUserId, clients.migrationAgentUserId],
  taskRecord: { id: clients.id, via: 'client' },
} as const;

/** Not soft-deleted. */
export const clientIsLive = (): SQL => LIVE(clients);
/** Not soft-deleted and not Reverted: the clients the lists show and the duplicate checks compare with. */
export const clientIsActive = (): SQL => ACTIVE(clients);
