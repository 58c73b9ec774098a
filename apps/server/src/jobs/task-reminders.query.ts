// The one query of the daily reminder: each active assignee's open tasks due on or before the firm date.
import type { Executor } from '../db/database.ts';

export type DigestTask = {
  id: string;
  taskName: string | null;
  dueDate: string;
  priority: string | null;
  entityType: string;
  entityName: string | null;
};

export type DigestRecipient = {
  userId: string;
  email: string;
  firstName: string;
  tasks: DigestTask[];
};

/**
 * Recipients in a stable order (by user id), each with its open tasks due on or before `firmDate`, oldest
 * due first. The tasks table (task_notes, issue 12 item 1) is not in the schema yet: until it is, nobody
 * has a task and the daily run sends nothing.
 */
export async function openTasksForDigest(_db: Executor, _firmDate: string): Promise<DigestRecipient[]> {
  return [];
}
