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
import { auditColumns, dateSortKey, id, timestamptz } from './columns.ts';
import { leads } from './leads.ts';
import { contactNumberColumns, personListIndexes } from './person-columns.ts';
import { userRef } from './users.ts';

/** Not soft-deleted: lists, statistics and duplicate checks work on these; the partial indexes share it. */
const LIVE = (t: { deletedAt: AnyPgColumn }) => sql`${t.deletedAt} is null`;
/** Live and not Reverted: a Reverted client is kept for the record, its person is a lead again. */
const ACTIVE = (t: { deletedAt: AnyPgColumn; status: AnyPgColumn }) =>
  sql`${t.deletedAt} is null and ${t.status} <> 'Reverted'`;

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
    ...contactNumberColumns(),
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
    ...personListIndexes('clients', t, t.status, () => LIVE(t)),
    // Race backstop for the duplicate check (the service checks first and answers with the spec's message).
    uniqueIndex('clients_email_active_uq')
      .on(sql`lower(${t.email})`)
      .where(ACTIVE(t)),
    index('clients_passport_expiry_sort_idx').on(dateSortKey(t.passportExpiryDate), t.id).where(LIVE(t)),
    // Conversion lookups (and the foreign key's set-null when a lead is deleted forever).
    index('clients_converted_from_lead_idx').on(t.convertedFromLeadId),
    // Consultant visibility: the owner, and the foreign keys' set-null on user removal.
    index('clients_user_idx').on(t.userId),
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
