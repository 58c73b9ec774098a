// A lead's or client's birth dates (spouse and dependents too) may not lie after the firm's today: the
// request schema cannot know the firm's time zone, so the services ask this before they write.
import { firmBirthDateErrors } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { validationError } from '../../plugins/errors.ts';
import { readFirmToday } from '../../platform/settings/settings.repository.ts';

export async function checkBirthDates(
  db: Executor,
  values: Parameters<typeof firmBirthDateErrors>[0],
  now: Date = new Date(),
): Promise<void> {
  const errors = Object.entries(firmBirthDateErrors(values, await readFirmToday(db, now)));
  if (errors.length > 0) throw validationError(Object.fromEntries(errors.map(([path, message]) => [path, [message]])));
}
