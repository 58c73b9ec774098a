// The enquiry form's one read of its own: the manager of the lead or client a repeat enquiry is noted on.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { clients, leads } from '../../db/schema/index.ts';

export async function managerOfRecord(
  tx: Executor,
  owner: { type: 'lead' | 'client'; id: string },
): Promise<string | null | undefined> {
  const source = owner.type === 'lead' ? leads : clients;
  const [record] = await tx
    .select({ managerUserId: source.managerUserId })
    .from(source)
    .where(eq(source.id, owner.id))
    .limit(1);
  return record?.managerUserId;
}
