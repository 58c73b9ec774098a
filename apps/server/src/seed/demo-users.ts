// One active demo user per role, email <role>@example.com (README "Demo users").
import { ROLE_LABELS, ROLES, type Role } from '@crm/domain';
import type { Database } from '../db/database.ts';
import { hashPassword } from '../platform/credentials/password-hash.ts';
import { countUsers, insertUser } from '../features/users/users.repository.ts';

const DEMO_NAMES: Record<Role, [string, string]> = {
  account_administrator: ['Alexandra', 'Reid'],
  administrator: ['Marcus', 'Tan'],
  supervisor: ['Priya', 'Sharma'],
  team_lead: ['Daniel', 'Nguyen'],
  consultant: ['Sofia', 'Santos'],
  member: ['Liam', "O'Connor"],
  guest: ['Grace', 'Kim'],
};

export const demoEmail = (role: Role) => `${role}@example.com`;

/** Seeds the demo users when the database has no user yet; returns the emails it created. */
export async function seedDemoUsers(db: Database, password: string): Promise<string[]> {
  if ((await countUsers(db)) > 0) return [];
  // One hash for all seven keeps the first start fast; each user changes it on their profile.
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    for (const role of ROLES) {
      const [firstName, lastName] = DEMO_NAMES[role];
      await insertUser(tx, {
        email: demoEmail(role),
        firstName,
        lastName,
        role,
        passwordHash,
        phone: '+61 2 9000 0000',
      });
    }
  });
  return ROLES.map(demoEmail);
}

export function demoUsersBanner(password: string): string {
  const rows = ROLES.map((role) => `  ${demoEmail(role).padEnd(36)} ${ROLE_LABELS[role]}`);
  return ['Demo users (password: ' + password + '):', ...rows].join('\n');
}
