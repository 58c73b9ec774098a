import { count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  clientInputSchema,
  DEFAULT_DISPLAY_SETTING,
  CONVERSION_NOTE,
  DAY_MS,
  dependentCount,
  firmToday,
  hasSpouse,
  LEAD_STATUSES,
  leadInputSchema,
  passportStatus,
  REVERTED_STATUS,
} from '@crm/domain';
import { appForFile } from '../../test/build-test-app.ts';
import { auditLogs, clients, contacts, leads, users } from '../db/schema/index.ts';
import { isRevertible } from '../features/clients/clients.repository.ts';
import { generateClient } from './client-generator.ts';
import { DEMO_CLIENT_COUNT, DEMO_CONTACT_COUNT, DEMO_RECENT_CONVERSIONS, seedDemoClients } from './demo-clients.ts';
import { DEMO_LEAD_COUNT, seedDemoLeads } from './demo-leads.ts';
import { createRandom, generateLead, seedUsersFrom } from './lead-generator.ts';

const t = appForFile();

describe('demo leads', () => {
  it('seeds a realistic spread once, into an empty table', async () => {
    const now = new Date();
    expect(await seedDemoLeads(t.database.db, now)).toBe(DEMO_LEAD_COUNT);
    expect(await seedDemoLeads(t.database.db, now)).toBe(0);

    const rows = await t.database.db.select().from(leads);
    expect(rows).toHaveLength(DEMO_LEAD_COUNT);
    expect(new Set(rows.map((r) => r.leadStatus))).toEqual(new Set(LEAD_STATUSES));
    expect(new Set(rows.map((r) => r.nationality)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((r) => r.email.toLowerCase())).size).toBe(DEMO_LEAD_COUNT);
    expect(rows.filter((r) => r.isHidden).length).toBeGreaterThan(0);
    const oldest = Math.min(...rows.map((r) => r.createdAt.getTime()));
    expect(now.getTime() - oldest).toBeLessThanOrEqual(16 * 7 * DAY_MS + DAY_MS);
    expect(now.getTime() - oldest).toBeGreaterThan(12 * 7 * DAY_MS);

    const [consultant] = await t.database.db.select().from(users).where(eq(users.role, 'consultant'));
    expect(rows.filter((r) => r.createdBy === consultant?.id).length).toBeGreaterThan(10);
    expect(
      rows.filter((r) => r.assistantManagerUserId === consultant?.id && r.createdBy !== consultant?.id).length,
    ).toBeGreaterThan(10);
    const [converted] = await t.database.db.select({ n: count() }).from(leads).where(isNotNull(leads.convertedAt));
    expect(converted?.n).toBe(rows.filter((r) => r.leadStatus === 'Converted to Client').length);
  });

  it('adds about 120 clients (about 40 converted from the demo leads, linked both ways) and 30 contacts, once', async () => {
    const now = new Date();
    const result = await seedDemoClients(t.database.db, now);
    expect(result).toMatchObject({ clients: DEMO_CLIENT_COUNT, reverted: 1, contacts: DEMO_CONTACT_COUNT });
    expect(result.converted).toBeGreaterThanOrEqual(30);
    expect(result.converted).toBeLessThanOrEqual(50);
    expect(await seedDemoClients(t.database.db, now)).toMatchObject({ clients: 0, contacts: 0 });

    const clientRows = await t.database.db.select().from(clients);
    const leadRows = await t.database.db.select().from(leads);
    const leadById = new Map(leadRows.map((l) => [l.id, l]));
    expect(clientRows).toHaveLength(DEMO_CLIENT_COUNT);

    // Every client meets the client form's rules (spec 1 §5.2), with its family as the form keeps it.
    for (const c of clientRows) {
      const form = Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v ?? undefined]));
      const parsed = clientInputSchema.safeParse(form);
      expect(parsed.error?.issues ?? [], `${c.firstName} ${c.lastName}`).toEqual([]);
      expect(c.dependents).toHaveLength(dependentCount(c.numberOfDependents));
      if (!hasSpouse(c.maritalStatus))
        expect([c.spouseFirstName, c.spouseLastName, c.spouseNationality]).toEqual([null, null, null]);
    }
    expect(clientRows.some((c) => hasSpouse(c.maritalStatus))).toBe(true);
    expect(clientRows.some((c) => c.dependents.length >= 2)).toBe(true);
    expect(
      new Set(
        clientRows.map((c) => passportStatus(c.passportExpiryDate, firmToday(DEFAULT_DISPLAY_SETTING.timeZone, now))),
      ),
    ).toEqual(new Set(['Expired', 'Expiring Soon', 'Valid']));
    expect(new Set(clientRows.map((c) => c.status)).size).toBeGreaterThanOrEqual(8);

    // Conversions link both ways; the reverted one's lead is back in the pipeline with its old status and
    // keeps its conversion date (the conversion stays in the history).
    const fromLeads = clientRows.filter((c) => c.convertedFromLeadId);
    expect(fromLeads).toHaveLength(result.converted);
    for (const c of fromLeads) {
      const lead = leadById.get(c.convertedFromLeadId as string);
      expect(lead, c.id).toBeDefined();
      expect(c.convertedAt).not.toBeNull();
      expect(c.convertedAt!.getTime()).toBeGreaterThanOrEqual(lead!.createdAt.getTime());
      if (c.status === REVERTED_STATUS) {
        expect(c.revertedAt).not.toBeNull();
        expect(lead).toMatchObject({
          leadStatus: 'Agreement Signed – Awaiting Payment',
          convertedToClientId: null,
          convertedAt: c.convertedAt,
          archivedAt: null,
        });
      } else {
        expect(lead).toMatchObject({
          leadStatus: 'Converted to Client',
          convertedToClientId: c.id,
          convertedAt: c.convertedAt,
        });
        expect(c).toMatchObject({ email: lead!.email, firstName: lead!.firstName, conversionNotes: CONVERSION_NOTE });
      }
    }
    expect(clientRows.filter((c) => c.status === REVERTED_STATUS)).toHaveLength(1);
    const convertedLeads = leadRows.filter((l) => l.leadStatus === 'Converted to Client');
    expect(convertedLeads).toHaveLength(result.converted - 1);
    expect(convertedLeads.every((l) => fromLeads.some((c) => c.id === l.convertedToClientId))).toBe(true);
    expect(clientRows.filter((c) => isRevertible(c, now)).length).toBeGreaterThanOrEqual(DEMO_RECENT_CONVERSIONS);

    const [consultant] = await t.database.db.select().from(users).where(eq(users.role, 'consultant'));
    expect(clientRows.filter((c) => c.userId === consultant?.id).length).toBeGreaterThan(3);

    // Contacts: archived leads with the status they had, some of them lost.
    const contactRows = await t.database.db.select().from(contacts);
    expect(contactRows).toHaveLength(DEMO_CONTACT_COUNT);
    for (const contact of contactRows) {
      const lead = leadById.get(contact.originalLeadId as string);
      expect(lead?.archivedAt, contact.id).not.toBeNull();
      expect(contact).toMatchObject({
        originalLeadStatus: lead?.leadStatus,
        email: lead?.email,
        contactStatus: 'Active',
        canRevertToLead: true,
      });
    }
    const statuses = contactRows.map((c) => c.originalLeadStatus);
    expect(statuses.filter((s) => s === 'Not Proceeding / Lost').length).toBeGreaterThanOrEqual(3);
    expect(statuses).not.toContain('Converted to Client');
    // The archived leads are not among the demo leads the lists show.
    expect(leadRows.filter((l) => l.archivedAt === null)).toHaveLength(DEMO_LEAD_COUNT);
  });

  it('does not refill a leads table that people have worked on and emptied', async () => {
    await t.database.db.delete(leads);
    await t.database.db
      .insert(auditLogs)
      .values({ action: 'PERMANENT_DELETE_LEAD', resourceType: 'LEAD', resourceId: crypto.randomUUID() });
    expect(await seedDemoLeads(t.database.db)).toBe(0);
  });

  it('generates clients that pass the client form rules, the same ones for the same seed', async () => {
    const seedUsers = seedUsersFrom(await t.database.db.select({ id: users.id, role: users.role }).from(users));
    const now = new Date('2026-11-20T00:00:00Z');
    const make = () => {
      const random = createRandom(7);
      return Array.from({ length: 300 }, (_, i) =>
        generateClient(random, { index: i, now, spreadDays: 365, users: seedUsers }),
      );
    };
    const generated = make();
    expect(make()).toEqual(generated);
    for (const client of generated) {
      const form = Object.fromEntries(Object.entries(client).map(([k, v]) => [k, v ?? undefined]));
      expect(clientInputSchema.safeParse(form).error?.issues ?? [], JSON.stringify(client)).toEqual([]);
    }
  });

  it('generates leads that pass the lead form rules, the same ones for the same seed', async () => {
    const userRows = await t.database.db.select({ id: users.id, role: users.role }).from(users);
    const seedUsers = seedUsersFrom(userRows);
    const now = new Date('2026-11-20T00:00:00Z');
    const make = () => {
      const random = createRandom(42);
      return Array.from({ length: 500 }, (_, i) =>
        generateLead(random, { index: i, now, spreadDays: 365, users: seedUsers }),
      );
    };
    const generated = make();
    expect(make()).toEqual(generated);
    for (const lead of generated) {
      const form = Object.fromEntries(Object.entries(lead).map(([k, v]) => [k, v ?? undefined]));
      const issues = leadInputSchema.safeParse(form).error?.issues ?? [];
      // Public-form enquiries (source Website) may wait unassigned; everything else passes the staff form.
      const unassigned = lead.leadSource === 'Website' && !lead.managerUserId && !lead.assistantManagerUserId;
      const expected = unassigned ? [['managerUserId'], ['assistantManagerUserId']] : [];
      expect(
        issues.map((i) => i.path),
        JSON.stringify(lead),
      ).toEqual(expected);
    }
    expect(generated.some((l) => !l.managerUserId)).toBe(true);
  });
});
