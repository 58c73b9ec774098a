// Contacts: the archived copy of a lead (spec 2 §3 "Contact"). Manager, assistant manager and migration
// agent are kept as user ids (names come from users, as for leads); created_by_name / updated_by_name
// likewise come from a join rather than being copied.
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, id, personSearchText, timeSortKey, timestamptz } from './columns.ts';
import { contactNumberColumns, namePrefixIndexes, phoneSearchIndexes } from './person-columns.ts';
import { userRef } from './users.ts';

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    // Filtered columns first, fixed-width before text (see leads.ts).
    canRevertToLead: boolean().notNull().default(true),
    movedFromLeadsAt: timestamptz(),
    ...auditColumns(),
    /** The lead's creator: a consultant keeps seeing the contacts of leads it created. */
    ownerUserId: userRef(),
    managerUserId: userRef(),
    assistantManagerUserId: userRef(),
    migrationAgentUserId: userRef(),
    contactStatus: text().notNull().default('Active'),
    /** The lead this contact was archived from (no foreign key: the lead may be deleted forever later). */
    originalLeadId: uuid(),
    firstName: text().notNull(),
    middleName: text(),
    lastName: text().notNull(),
    gender: text(),
    dateOfBirth: date({ mode: 'string' }),
    nationality: text(),
    maritalStatus: text(),
    numberOfDependents: text(),
    email: text().notNull(),
    ...contactNumberColumns(),
    phone: text(),
    street1: text(),
    street2: text(),
    city: text(),
    stateRegion: text(),
    postalCode: text(),
    country: text(),
    address: text(),
    countryOfResidence: text(),
    applicantLocation: text(),
    currentVisaSubclass: text(),
    passportNumber: text(),
    passportExpiryDate: date({ mode: 'string' }),
    /** The lead's desired visa. */
    visaAppliedFor: text(),
    visaExpiryDate: date({ mode: 'string' }),
    leadSource: text(),
    socialMediaPlatform: text(),
    associatePartner: text(),
    branchOffice: text(),
    company: text(),
    projects: text().default('0'),
    revenue: numeric({ precision: 14, scale: 2 }),
    originalLeadStatus: text(),
    movedFromLeadsReason: text(),
    daysAsLead: integer(),
    lastActivityDate: timestamptz(),
  },
  (t) => [
    index('contacts_search_trgm_idx').using('gin', sql`${personSearchText(t)} gin_trgm_ops`),
    ...phoneSearchIndexes('contacts', t),
    index('contacts_moved_at_sort_idx').on(timeSortKey(t.movedFromLeadsAt), t.id),
    index('contacts_status_idx').on(t.contactStatus),
    // The 'recent conversions' statistic: contacts restored lately, by when.
    index('contacts_reverted_at_idx')
      .on(t.updatedAt)
      .where(sql`${t.contactStatus} = 'Reverted'`),
    ...namePrefixIndexes('contacts', t),
    index('contacts_original_lead_idx').on(t.originalLeadId),
    index('contacts_owner_idx').on(t.ownerUserId),
    index('contacts_created_by_idx').on(t.createdBy),
    index('contacts_manager_idx').on(t.managerUserId),
    index('contacts_assistant_manager_idx').on(t.assistantManagerUserId),
    index('contacts_migration_agent_idx').on(t.migrationAgentUserId),
  ],
);

/**
 * A consultant sees the contacts it owns (the archived lead's creator), archived itself, or was assigned to
 * on the lead (manager, assistant manager, migration agent), as with leads (DECISIONS.md §2).
 */
export const contactOwnership = {
  owner: contacts.ownerUserId,
  assignees: [
    contacts.createdBy,
    contacts.managerUserId,
    contacts.assistantManagerUserId,
    contacts.migrationAgentUserId,
  ],
} as const;
