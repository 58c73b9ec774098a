// Manager / assistant manager / migration agent pickers (spec 1 §6.4): a newly chosen user must be an
// active user the field's picker offers. Shared by the lead and client forms.
import { PICKER_ROLES } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { validationError } from '../../plugins/errors.ts';
import { findUsersByIds } from './users.repository.ts';

export type Assignments = {
  managerUserId: string | null;
  assistantManagerUserId: string | null;
  migrationAgentUserId: string | null;
};

const FIELDS = [
  ['managerUserId', PICKER_ROLES.manager],
  ['assistantManagerUserId', PICKER_ROLES.assistantManager],
  ['migrationAgentUserId', PICKER_ROLES.migrationAgent],
] as const;

/** Throws 400 naming each field whose new user is unknown, inactive or not offered by its picker. Unchanged ones pass. */
export async function checkAssignments(db: Executor, next: Assignments, before?: Partial<Assignments>): Promise<void> {
  const chosen = FIELDS.filter(([field]) => next[field] && next[field] !== before?.[field]);
  if (chosen.length === 0) return;
  const found = new Map(
    (
      await findUsersByIds(
        db,
        chosen.map(([field]) => next[field] as string),
      )
    ).map((u) => [u.id, u]),
  );
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, roles] of chosen) {
    const user = found.get(next[field] as string);
    if (!user || user.status !== 'active' || !(roles as readonly string[]).includes(user.role)) {
      fieldErrors[field] = ['Choose a user from the list'];
    }
  }
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
}
