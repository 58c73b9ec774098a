// Contacts: the archived copy of a lead (spec 2 §3 "Contact"). Manager, assistant manager and migration
// agent are kept as user ids (names come from users, as for leads); created_by_name / updated_by_name
// likewise come from a join rather than being copied.
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, id, personSearchText, prefixSearchKey, timeSortKey, timestamptz } from './columns.ts';
import { users } from './users.ts';

const userRef = () => uuid().references(() => users.id, { onDelete: 'set null' });

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
    // Phone search (see leads.ts).
    index('contacts_contact_e164_idx').on(t.contactNumberE164.op('text_pattern_ops')),
    // Phone search by any run of digits (LIKE '%412345678%'). Not partial: every list reads it, the live ones
    // and the contacts alike.
    index('contacts_contact_digits_trgm_idx').using('gin', sql`${t.contactNumberDigits} gin_trgm_ops`),
    index('contacts_moved_at_sort_idx').on(timeSortKey(t.movedFromLeadsAt), t.id),
    index('contacts_status_idx').on(t.contactStatus),
    // The 'recent conversions' statistic: contacts restored lately, by when.
    index('contacts_reverted_at_idx')
      .on(t.updatedAt)
      .where(sql`${t.contactStatus} = 'Reverted'`),
    // 1–2 letter searches (see leads.ts).
    index('contacts_first_name_prefix_idx').on(sql`${prefixSearchKey(t.firstName)} text_pattern_ops`),
    index('contacts_last_name_prefix_idx').on(sql`${prefixSearchKey(t.lastName)} text_pattern_ops`),
    index('contacts_email_prefix_idx').on(sql`${prefixSearchKey(t.email)} text_pattern_ops`),
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
