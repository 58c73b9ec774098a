// The demo clients and contacts (README "Demo data"), seeded once after the demo leads: every demo lead
// marked Converted to Client gets its client (linked both ways), a few of them converted in the last
// 30 days so 'Revert to Lead' can be tried and one already reverted; walk-in clients make up the
// rest; and archived leads fill the Contacts page.
import { CONVERSION_NOTE, type LeadStatus, REVERTED_STATUS, DAY_MS } from '@crm/domain';
import type { Database, Executor } from '../db/database.ts';
import { clientFromLead } from '../features/clients/conversion.service.ts';
import { countAllClients, hasClientHistory, insertClients } from '../features/clients/clients.repository.ts';
import { countAllContacts, insertContacts } from '../features/contacts/contacts.repository.ts';
import {
  convertedLeadsWithoutClient,
  insertLeadsReturning,
  type LeadRow,
  linkConvertedLeads,
  updateLead,
} from '../features/leads/leads.repository.ts';
import { contactFromLead } from '../features/leads/leads.service.ts';
import { listAllUserRoles } from '../features/users/users.repository.ts';
import { completeClient, type GeneratedClient, generateClient } from './client-generator.ts';
import { createRandom, generateLead, type Random, type SeedUsers, seedUsersFrom } from './lead-generator.ts';

/** Clients in all: the converted demo leads' (about 40) and walk-ins for the rest. */
export const DEMO_CLIENT_COUNT = 120;
export const DEMO_CONTACT_COUNT = 30;
/** The newest conversions are moved into the last 30 days, where 'Revert to Lead' applies. */
export const DEMO_RECENT_CONVERSIONS = 6;
const DEMO_SEED = 20_261_123;
const BATCH = 100;

/** The statuses archived leads had: mostly ones that went nowhere, some that may come back. */
const ARCHIVED_STATUSES: readonly (readonly [LeadStatus, number])[] = [
  ['Not Proceeding / Lost', 9],
  ['Ineligible', 4],
  ['Consultation Only – Not Proceeding Yet', 5],
  ['New Lead Received', 3],
  ['In Screening – Booking Consultation', 3],
  ['Consultation Completed', 3],
  ['Agreement Sent – Awaiting Signature', 2],
];

export type DemoClientsResult = { clients: number; converted: number; reverted: number; contacts: number };

const clampTime = (time: number, min: number, max: number) => new Date(Math.min(max, Math.max(min, time)));

/**
 * Inserts the demo clients and contacts in one transaction when both tables are empty and nobody has ever
 * worked on a client here (as the demo leads: a firm that emptied its clients does not get demo ones back).
 */
export async function seedDemoClients(db: Database, now = new Date()): Promise<DemoClientsResult> {
  const nothing = { clients: 0, converted: 0, reverted: 0, contacts: 0 };
  if ((await countAllClients(db)) > 0 || (await countAllContacts(db)) > 0 || (await hasClientHistory(db)))
    return nothing;
  const users = seedUsersFrom(await listAllUserRoles(db));
  if (users.creators.length === 0) return nothing;
  const random = createRandom(DEMO_SEED);
  const latest = now.getTime() - 3_600_000;

  return db.transaction(async (tx) => {
    const convertedLeads = await convertedLeadsWithoutClient(tx);
    // Newest first: the first few are the recent conversions, the one after them is reverted.
    const newestFirst = [...convertedLeads].reverse();
    const reverted = newestFirst[DEMO_RECENT_CONVERSIONS];
    const conversions = newestFirst.map((lead, i) => {
      const created = lead.createdAt.getTime();
      const convertedAt =
        i < DEMO_RECENT_CONVERSIONS
          ? clampTime(now.getTime() - (2 + 4 * i) * DAY_MS, created, latest)
          : lead === reverted
            ? clampTime(now.getTime() - 20 * DAY_MS, created, latest)
            : (lead.convertedAt ?? clampTime(created + 14 * DAY_MS, created, latest));
      return { lead, convertedAt, recent: i < DEMO_RECENT_CONVERSIONS };
    });

    const clientRows: GeneratedClient[] = conversions.map(({ lead, convertedAt, recent }) => {
      const actor = lead.updatedBy ?? lead.createdBy ?? users.creators[0]!;
      const client = completeClient(
        random,
        { ...clientFromLead(lead, actor, CONVERSION_NOTE, convertedAt), createdAt: convertedAt },
        now,
      );
      const updatedAt = new Date(Math.min(latest, convertedAt.getTime() + random.int(0, 30) * DAY_MS));
      if (lead === reverted) {
        const revertedAt = new Date((convertedAt.getTime() + latest) / 2);
        return { ...client, status: REVERTED_STATUS, revertedAt, revertedBy: actor, updatedAt: revertedAt };
      }
      // A fresh client is still at the start of its case.
      return recent ? { ...client, status: 'Active', updatedAt } : { ...client, updatedAt };
    });
    const walkIns = Math.max(0, DEMO_CLIENT_COUNT - clientRows.length);
    for (let i = 0; i < walkIns; i++) {
      clientRows.push(generateClient(random, { index: 5_001 + i, now, spreadDays: 365, users }));
    }
    const clientIds: string[] = [];
    for (let i = 0; i < clientRows.length; i += BATCH)
      clientIds.push(...(await insertClients(tx, clientRows.slice(i, i + BATCH))));

    const links = conversions
      .map(({ lead, convertedAt }, i) => ({ leadId: lead.id, clientId: clientIds[i]!, convertedAt }))
      .filter((link) => link.leadId !== reverted?.id);
    await linkConvertedLeads(tx, links);
    if (reverted) await putBackInPipeline(tx, reverted, clientRows[conversions.findIndex((c) => c.lead === reverted)]!);

    const contacts = await seedContacts(tx, random, users, now);
    return { clients: clientRows.length, converted: conversions.length, reverted: reverted ? 1 : 0, contacts };
  });
}

/** The reverted conversion's lead: back to the status it had, its conversion date kept for the history. */
async function putBackInPipeline(tx: Executor, lead: LeadRow, client: GeneratedClient) {
  await updateLead(tx, lead.id, {
    leadStatus: lead.statusBeforeConversion ?? 'Agreement Signed – Awaiting Payment',
    statusBeforeConversion: null,
    convertedAt: client.convertedAt ?? null,
    convertedToClientId: null,
    updatedBy: client.revertedBy ?? lead.updatedBy,
  });
}

/** Archived leads (not counted among the demo leads) and the contacts they became. */
async function seedContacts(tx: Executor, random: Random, users: SeedUsers, now: Date): Promise<number> {
  const latest = now.getTime() - 3_600_000;
  const generated = Array.from({ length: DEMO_CONTACT_COUNT }, (_, i) => {
    const lead = generateLead(random, { index: 8_001 + i, now, spreadDays: 30 * 7, users });
    const createdAt = lead.createdAt as Date;
    const archivedAt = new Date(Math.min(latest, createdAt.getTime() + random.int(3, 60) * DAY_MS));
    const leadStatus = random.weighted(ARCHIVED_STATUSES);
    return { ...lead, leadStatus, convertedAt: null, statusBeforeConversion: null, archivedAt, updatedAt: archivedAt };
  });
  const archived = await insertLeadsReturning(tx, generated);
  const rows = archived.map((lead) =>
    contactFromLead(
      lead,
      lead.updatedBy ?? lead.createdBy ?? users.creators[0]!,
      'Archived by user',
      lead.archivedAt ?? now,
    ),
  );
  await insertContacts(tx, rows);
  return rows.length;
}
