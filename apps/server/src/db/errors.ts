// Recognises PostgreSQL error codes through Drizzle's wrapper (DrizzleQueryError keeps the driver's error as cause).

/** The SQLSTATE of a database error (both pg and PGlite set `code`), or undefined. */
export function pgErrorCode(error: unknown): string | undefined {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
