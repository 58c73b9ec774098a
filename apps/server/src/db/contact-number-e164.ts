// The E.164 form of a contact number beside the typed one (issue 9): derived, never sent. Each repository
// passes its writes through here, so every write that sets the typed number (create, edit, conversion,
// archive, restore, seeds) sets its E.164 form with it and no caller can forget to; and the duplicate
// check's comparison of two numbers.
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { contactNumberKey, phoneToE164 } from '@crm/domain';
import { contactDigits } from './schema/leads.ts';

/** The values with `contactNumberE164` set from `contactNumber` when they carry one; unchanged otherwise. */
export function withContactNumberE164<T extends { contactNumber?: unknown }>(values: T): T {
  return typeof values.contactNumber === 'string'
    ? { ...values, contactNumberE164: phoneToE164(values.contactNumber) }
    : values;
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
