// A contact number's stored forms (issue 9, issue 26): the number in international form ('+61 412 345 678'),
// its E.164 number and its digits for search, derived here, never sent. Each repository passes its writes
// through here, so every write that sets the number (create, edit, conversion, archive, restore, import,
// seeds) sets the three together and no caller can forget to; and the duplicate check's comparison of two
// numbers.
import { and, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { contactNumberDigits, contactNumberKey, formatPhoneNumber, phoneToE164 } from '@crm/domain';
import { contactDigits } from './schema/person-columns.ts';

/**
 * The values with `contactNumber` in international form when it is a valid number (as typed otherwise),
 * and `contactNumberE164` and `contactNumberDigits` set from it, when they carry a number; unchanged
 * otherwise.
 */
export function withContactNumberForms<T extends { contactNumber?: unknown }>(values: T): T {
  if (typeof values.contactNumber !== 'string') return values;
  return {
    ...values,
    contactNumber: formatPhoneNumber(values.contactNumber),
    contactNumberE164: phoneToE164(values.contactNumber),
    contactNumberDigits: contactNumberDigits(values.contactNumber),
  };
}

type ContactNumberColumns = { contactNumber: AnyPgColumn; contactNumberE164: AnyPgColumn };

/**
 * Rows holding the same contact number as the typed one (the duplicate check): the same E.164 number when
 * the typed one is valid, otherwise the same digits. A row without an E.164 number (one that was not
 * valid when stored) is compared by its digits either way. Undefined when the text has no digits.
 */
export function sameContactNumber(t: ContactNumberColumns, typed: string): SQL | undefined {
  const { e164, digits } = contactNumberKey(typed);
  if (!digits) return undefined;
  const sameDigits = sql`${contactDigits(t.contactNumber)} = ${digits}`;
  return e164 ? or(eq(t.contactNumberE164, e164), and(isNull(t.contactNumberE164), sameDigits)) : sameDigits;
}

/**
 * The duplicate check of a person (lead or client): a row with the same email (case-insensitive) or, failing
 * that, the same contact number as the candidate, other than the excluded one; says which matched first.
 * `first` reads one row of the caller's table where the condition holds (the caller picks which rows count).
 */
export async function findSameEmailOrNumber<R>(
  t: ContactNumberColumns & { id: AnyPgColumn; email: AnyPgColumn },
  candidate: { email: string; contactNumber: string; excludeId?: string | null },
  first: (where: SQL | undefined) => Promise<R | undefined>,
): Promise<{ field: 'email' | 'contactNumber'; row: R } | undefined> {
  const email = candidate.email.trim().toLowerCase();
  const sameNumber = sameContactNumber(t, candidate.contactNumber);
  const notSelf = candidate.excludeId ? ne(t.id, candidate.excludeId) : undefined;
  const byEmail = await first(and(sql`lower(${t.email}) = ${email}`, notSelf));
  if (byEmail) return { field: 'email', row: byEmail };
  if (!sameNumber) return undefined;
  const byNumber = await first(and(sameNumber, notSelf));
  return byNumber ? { field: 'contactNumber', row: byNumber } : undefined;
}
