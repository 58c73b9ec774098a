// The firm's service catalogue (issue 25 point 5, docs/decisions/0024): the service types a service is chosen
// from, each with a default fee per currency (decimal strings in jsonb, null where none) and the tax treatment
// a service of that type starts with. Seeded with the default catalogue by migration 0036; archived types stay
// (services keep their names) but are no longer offered. Names are unique case-insensitively.
import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, id } from './columns.ts';

/** A tax treatment as stored: one of the domain's TAX_TREATMENTS (the check constraints list them). */
export const TAX_TREATMENT_CHECK = sql`('taxable', 'government_charge', 'gst_free')`;

export const serviceTypes = pgTable(
  'service_types',
  {
    id: id(),
    name: text().notNull(),
    /** Currency → fee ('4400.00'); a currency left out has no default fee. */
    defaultFees: jsonb().$type<Record<string, string | null>>().notNull().default({}),
    defaultTreatment: text().notNull().default('taxable'),
    archived: boolean().notNull().default(false),
    ...auditColumns(),
  },
  (t) => [
    check('service_types_treatment', sql`${t.defaultTreatment} in ${TAX_TREATMENT_CHECK}`),
    uniqueIndex('service_types_name_key').on(sql`lower(${t.name})`),
  ],
);
