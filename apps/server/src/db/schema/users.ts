import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, id, timestamptz } from './columns.ts';

/** Staff users and their profile (spec 2 "Profile", spec 3 "User"). */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    role: text().notNull().default('member'),
    status: text().notNull().default('active'),
    passwordHash: text().notNull(),
    mustChangePassword: boolean().notNull().default(false),
    failedLoginCount: integer().notNull().default(0),
    lockedUntil: timestamptz(),
    lastLoginAt: timestamptz(),
    passwordChangedAt: timestamptz(),
    /** Deleted in User Management: gone from every list and unable to sign in; its history stays. */
    deletedAt: timestamptz(),
    deletedBy: uuid(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    // User Management's search (name and email), by the same expression the list queries with.
    index('users_search_trgm_idx').using('gin', sql`${userSearchText(t)} gin_trgm_ops`),
  ],
);

/** A column naming a user, cleared when the user is removed. */
export const userRef = () => uuid().references(() => users.id, { onDelete: 'set null' });

/** The text User Management's search matches: first and last name, then the email. */
export function userSearchText(t: { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn }): SQL {
  return sql`lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email})`;
}

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz().notNull().defaultNow(),
    lastSeenAt: timestamptz().notNull().defaultNow(),
    expiresAt: timestamptz().notNull(),
    ipAddress: text(),
    userAgent: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** One-time password reset links (stored as SHA-256 of the token). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz().notNull().defaultNow(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
  },
  (t) => [index('password_reset_user_idx').on(t.userId)],
);
