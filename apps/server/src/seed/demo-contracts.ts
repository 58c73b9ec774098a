// Demo contracts (issue 16 item 5): three public templates and one consultant's private one, and a contract
// in each status on the first demo clients (a draft, active ones — one signed —, one expired, one
// terminated) and a draft for a lead, their content filled from the templates as New Contract fills it.
// Seeded once into empty tables (a firm that deleted its contracts does not get demo ones back).
import { asc, count, inArray, sql } from 'drizzle-orm';
import { addDays, ROLES } from '@crm/domain';
import type { Database } from '../db/database.ts';
import { auditLogs, clients, contracts, contractTemplates, leads, users } from '../db/schema/index.ts';
import { filledContent, nextReference, placeholderValues } from '../features/contracts/contracts.service.ts';
import { readFirmToday } from '../platform/settings/settings.repository.ts';
import { demoEmail } from './demo-users.ts';

export const DEMO_CONTRACT_TEMPLATES = [
  {
    name: 'Visa application services agreement',
    category: 'General',
    description: 'Standard agreement for preparing and lodging a visa application',
    content:
      '<h2>Services agreement</h2><p>This agreement is made on {{today}} between <strong>{{firm.name}}</strong> (ABN {{firm.abn}}) and <strong>{{client.fullName}}</strong> (passport {{client.passportNumber}}).</p><h3>Services</h3><ul><li>Assess eligibility for the {{client.desiredVisa}} visa</li><li>Prepare and lodge the application</li><li>Correspond with the Department of Home Affairs until a decision</li></ul><h3>Contact</h3><p>Client email: {{client.email}}. Firm: {{firm.email}}, {{firm.phone}}.</p>',
  },
  {
    name: 'Initial consultation agreement',
    category: 'Consultation',
    description: 'A paid first consultation before any application',
    content:
      '<p>{{firm.name}} will provide {{client.firstName}} {{client.lastName}} with an initial migration consultation effective {{contract.effectiveDate}}.</p><p>The consultation covers visa options and a written summary of advice.</p>',
  },
  {
    name: 'Review and appeal services agreement',
    category: 'Appeals',
    description: 'Representation at the Administrative Review Tribunal',
    content:
      '<p>{{firm.name}} agrees to represent {{client.fullName}} in the review of a visa decision.</p><ol><li>Lodge the review application</li><li>Prepare written submissions</li><li>Attend the hearing</li></ol>',
  },
];

const PLAN = [
  { state: 'draft', template: 0, effective: -2, expiry: 365 },
  { state: 'active', template: 0, effective: -40, expiry: 325, signed: -38 },
  { state: 'active', template: 1, effective: -10, expiry: 60 },
  { state: 'active', template: 2, effective: -400, expiry: -35, signed: -398 },
  { state: 'terminated', template: 0, effective: -200, expiry: 165, signed: -198 },
  { state: 'draft', template: 2, effective: 0, expiry: null },
] as const;

export async function seedDemoContracts(db: Database): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(contracts);
  const [templates] = await db.select({ n: count() }).from(contractTemplates);
  const [history] = await db
    .select({ n: count() })
    .from(auditLogs)
    .where(inArray(auditLogs.resourceType, ['CONTRACT', 'CONTRACT_TEMPLATE']));
  if ((existing?.n ?? 0) > 0 || (templates?.n ?? 0) > 0 || (history?.n ?? 0) > 0) return 0;
  const staff = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ROLES.map(demoEmail)));
  const idOf = (role: (typeof ROLES)[number]) => staff.find((u) => u.email === demoEmail(role))?.id ?? null;
  const author = idOf('administrator');
  const clientRows = await db
    .select()
    .from(clients)
    .where(sql`${clients.deletedAt} is null and ${clients.status} <> 'Reverted'`)
    .orderBy(asc(clients.createdAt), asc(clients.id))
    .limit(PLAN.length - 1);
  const [lead] = await db
    .select()
    .from(leads)
    .where(sql`${leads.deletedAt} is null and ${leads.archivedAt} is null and ${leads.convertedToClientId} is null`)
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .limit(1);

  return db.transaction(async (tx) => {
    const saved = await tx
      .insert(contractTemplates)
      .values([
        ...DEMO_CONTRACT_TEMPLATES.map((t) => ({ ...t, isPublic: true, createdBy: author, updatedBy: author })),
        {
          name: 'My follow-up letter',
          category: 'General',
          description: "A consultant's own wording (private)",
          content: '<p>Dear {{client.firstName}}, thank you for meeting {{firm.name}} on {{today}}.</p>',
          isPublic: false,
          createdBy: idOf('consultant'),
          updatedBy: idOf('consultant'),
        },
      ])
      .returning();
    const today = await readFirmToday(tx);
    const year = today.slice(0, 4);
    const parties = [
      ...clientRows.map((row) => ({ type: 'client' as const, row })),
      ...(lead ? [{ type: 'lead' as const, row: lead }] : []),
    ];
    let made = 0;
    for (const [index, party] of parties.entries()) {
      const plan = PLAN[index]!;
      const template = saved[plan.template]!;
      const reference = await nextReference(tx, year);
      const effectiveDate = addDays(today, plan.effective);
      const expiryDate = plan.expiry === null ? null : addDays(today, plan.expiry);
      const values = await placeholderValues(tx, party, { reference, title: template.name, effectiveDate, expiryDate });
      await tx.insert(contracts).values({
        reference,
        title: template.name,
        state: plan.state,
        leadId: party.type === 'lead' ? party.row.id : null,
        clientId: party.type === 'client' ? party.row.id : null,
        clientName: [party.row.firstName, party.row.middleName, party.row.lastName].filter(Boolean).join(' '),
        clientEmail: party.row.email,
        templateId: template.id,
        content: filledContent(template.content, values),
        effectiveDate,
        expiryDate,
        signedDate: 'signed' in plan ? addDays(today, plan.signed) : null,
        createdBy: author,
        updatedBy: author,
      });
      made += 1;
    }
    return made;
  });
}
