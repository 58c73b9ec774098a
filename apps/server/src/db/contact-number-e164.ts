// A contact number's stored forms (issue 9, issue 26): the number in international form ('+61 412 345 678'),
// its E.164 number and its digits for search, derived here, never sent. Each repository passes its writes
// through here, so every write that sets the number (create, edit, conversion, archive, restore, import,
// seeds) sets the three together and no caller can forget to; and the duplicate check's comparison of two
// numbers.
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { contactNumberDigits, contactNumberKey, formatPhoneNumber, phoneToE164 } from '@crm/domain';
import { contactDigits } from './schema/leads.ts';

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
