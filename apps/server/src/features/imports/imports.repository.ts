// The SQL of imports: remembered mappings, the runs, the users a cell may name, and the duplicate check
// of a whole file in one statement.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import {
  clientIsActive,
  clients,
  importMappings,
  importRuns,
  leadIsLive,
  leads,
  users,
} from '../../db/schema/index.ts';
import { contactDigits } from '../../db/schema/person-columns.ts';
import { PERSON_IMPORT_LOCK } from '../record-kit/person-duplicates.ts';

export async function findMapping(db: Executor, entity: string, fingerprint: string) {
  const [row] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(sql`${importMappings.entity} = ${entity} and ${importMappings.headerFingerprint} = ${fingerprint}`);
  return row?.mapping;
}

export async function saveMapping(
  db: Executor,
  entity: string,
  fingerprint: string,
  mapping: (string | null)[],
  actorId: string | null,
) {
  await db
    .insert(importMappings)
    .values({ entity, headerFingerprint: fingerprint, mapping, updatedBy: actorId })
    .onConflictDoUpdate({
      target: [importMappings.entity, importMappings.headerFingerprint],
      set: { mapping, updatedBy: actorId, updatedAt: new Date() },
    });
}

export type NewImportRun = typeof importRuns.$inferInsert;

export async function insertRun(db: Executor, run: NewImportRun): Promise<void> {
  await db.insert(importRuns).values(run);
}

export async function findRun(db: Executor, id: string) {
  const [row] = await db.select().from(importRuns).where(eq(importRuns.id, id));
  return row;
}

/** Active users a cell may name as manager, assistant manager or migration agent (by email or full name). */
export async function activeUsers(db: Executor) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(users)
    .where(eq(users.status, 'active'));
}

export type PersonKeys = { emails: string[]; e164s: string[]; digits: string[] };
export type ExistingPeople = {
  /** Lower-cased emails of live leads and active clients, with the table that has them. */
  emails: Map<string, 'leads' | 'clients'>;
  e164s: Map<string, 'leads' | 'clients'>;
  /** Digits of numbers stored without an E.164 form (compared by digits, as the single check does). */
  digitsWithoutE164: Map<string, 'leads' | 'clients'>;
  /** Digits of every stored number (a typed number that is no valid E.164 is compared by its digits). */
  digits: Map<string, 'leads' | 'clients'>;
};

const list = (values: string[]) => sql`(select value from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * The live leads and active clients sharing an email or contact number with any row of the file: one
 * statement for the whole file, whatever its size (the keys travel as one JSON array each).
 */
export async function existingPeople(db: Executor, keys: PersonKeys): Promise<ExistingPeople> {
  const result = await db.execute<ExistingRow>(sql`
    select 'leads' as tbl, 'email' as kind, lower(${leads.email}) as key, false as no_e164 from ${leads}
      where ${leadIsLive()} and lower(${leads.email}) in ${list(keys.emails)}
    union all
    select 'leads', 'e164', ${leads.contactNumberE164}, false from ${leads}
      where ${leadIsLive()} and ${leads.contactNumberE164} in ${list(keys.e164s)}
    union all
    select 'leads', 'digits', ${contactDigits(leads.contactNumber)}, ${leads.contactNumberE164} is null from ${leads}
      where ${leadIsLive()} and ${contactDigits(leads.contactNumber)} in ${list(keys.digits)}
    union all
    select 'clients', 'email', lower(${clients.email}), false from ${clients}
      where ${clientIsActive()} and lower(${clients.email}) in ${list(keys.emails)}
    union all
    select 'clients', 'e164', ${clients.contactNumberE164}, false from ${clients}
      where ${clientIsActive()} and ${clients.contactNumberE164} in ${list(keys.e164s)}
    union all
    select 'clients', 'digits', ${contactDigits(clients.contactNumber)}, ${clients.contactNumberE164} is null
      from ${clients}
      where ${clientIsActive()} and ${contactDigits(clients.contactNumber)} in ${list(keys.digits)}
  `);
  const found: ExistingPeople = {
    emails: new Map(),
    e164s: new Map(),
    digitsWithoutE164: new Map(),
    digits: new Map(),
  };
  // Leads first: a person who is both is reported as in leads, as the single check does.
  const sorted = [...result.rows].sort((a, b) => (a.tbl < b.tbl ? 1 : -1));
  for (const r of sorted) {
    const table = r.tbl as 'leads' | 'clients';
    if (r.kind === 'email') setFirst(found.emails, r.key, table);
    else if (r.kind === 'e164') setFirst(found.e164s, r.key, table);
    else {
      setFirst(found.digits, r.key, table);
      if (r.no_e164) setFirst(found.digitsWithoutE164, r.key, table);
    }
  }
  return found;
}

type ExistingRow = { tbl: string; kind: string; key: string; no_e164: boolean };

function setFirst<K, V>(map: Map<K, V>, key: K, value: V) {
  if (!map.has(key)) map.set(key, value);
}

/**
 * The import's one lock: the advisory lock every single duplicate check takes shared
 * (person-duplicates.ts), here exclusively. It waits for the saves already past their check to commit,
 * and holds new ones at their check until the import commits, so no duplicate slips between the
 * import's check of the whole file and its insert. Reads and other writes go on.
 */
export async function lockPeopleForImport(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${PERSON_IMPORT_LOCK}, 0))`);
}
