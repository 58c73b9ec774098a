// The demo's money story (issue 25): one client's invoice billing two of their services, paid in two parts
// with a receipt each, then cancelled with an adjustment note that refunds the first payment and keeps the
// second as client credit, part of which pays a later invoice. Written through the service functions, as
// the firm's administrator would through the app, so every figure is the rules' own. Seeded once, with the
// demo invoices (into an empty invoices table).
import { and, eq, isNull, sql } from 'drizzle-orm';
import { addDays, can, DEFAULT_MODULE_ACCESS, INVOICE_DEFAULTS, type Role } from '@crm/domain';
import type { Database } from '../db/database.ts';
import { clients, users } from '../db/schema/index.ts';
import {
  applyClientCredit,
  cancelInvoice,
  markInvoicePaid,
  saveReceipt,
} from '../features/invoices/invoice-money.service.ts';
import { createInvoice, readInvoice } from '../features/invoices/invoices.service.ts';
import { addService } from '../features/services/services.service.ts';
import { readFirmToday } from '../platform/settings/settings.repository.ts';
import type { Actor } from '../plugins/actor.ts';
import { demoEmail } from './demo-users.ts';

export async function seedDemoMoneyStory(db: Database): Promise<boolean> {
  const role: Role = 'administrator';
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmail(role)));
  const [client] = await db
    .select({ id: clients.id, first: clients.firstName, last: clients.lastName, email: clients.email })
    .from(clients)
    .where(and(isNull(clients.deletedAt), sql`${clients.status} <> 'Reverted'`))
    .orderBy(clients.createdAt, clients.id)
    .limit(1);
  if (!admin || !client) return false;
  const actor: Actor = {
    viewer: { id: admin.id, role },
    ctx: { actorId: admin.id, ipAddress: null, userAgent: 'demo seed' },
    can: (permission) => can(role, permission),
    moduleAccess: DEFAULT_MODULE_ACCESS,
  };
  const today = await readFirmToday(db);
  const owner = { type: 'client' as const, id: client.id };
  const fee = await addService(db, actor, owner, {
    serviceName: 'Professional Fee - Student Visa',
    serviceStatus: 'Active',
    serviceFee: '4000.00',
    paidAmount: '0.00',
    currency: 'AUD',
    tuitionTerms: [],
  });
  const charge = await addService(db, actor, owner, {
    serviceName: 'Visa Application',
    serviceStatus: 'Active',
    serviceFee: '1200.00',
    paidAmount: '0.00',
    currency: 'AUD',
    tuitionTerms: [],
  });
  const billTo = {
    entityType: 'client' as const,
    entityId: client.id,
    clientName: `${client.first} ${client.last}`,
    clientEmail: client.email,
    clientAddress: 'Level 3, 20 Bridge St, Sydney NSW 2000',
    currency: 'AUD' as const,
    applyTax: true,
    notes: INVOICE_DEFAULTS.notes,
    terms: INVOICE_DEFAULTS.terms,
  };
  const issued = addDays(today, -30);
  let invoice = await createInvoice(db, actor, {
    ...billTo,
    issueDate: issued,
    dueDate: addDays(issued, INVOICE_DEFAULTS.dueInDays),
    items: [
      {
        description: 'Professional fee – Student visa 500',
        quantity: '1',
        rate: '4000.00',
        taxable: true,
        taxTreatment: 'taxable',
        treatmentReason: null,
        serviceId: fee.id,
      },
      {
        description: 'Visa application charge',
        quantity: '1',
        rate: '1200.00',
        taxable: false,
        taxTreatment: 'government_charge',
        treatmentReason: null,
        serviceId: charge.id,
      },
    ],
  });
  invoice = await markInvoicePaid(db, actor, invoice.id, {
    amount: '2500.00',
    paymentDate: addDays(issued, 5),
    method: 'Bank Transfer',
    reference: 'EFT 20931',
    version: invoice.version,
  });
  invoice = await markInvoicePaid(db, actor, invoice.id, {
    amount: '3100.00',
    paymentDate: addDays(issued, 12),
    method: 'Card',
    version: invoice.version,
  });
  for (const payment of invoice.payments) await saveReceipt(db, actor, invoice.id, { paymentId: payment.id });
  invoice = await readInvoice(db, actor, invoice.id);
  const [first, second] = invoice.payments;
  const latest = await cancelInvoice(db, actor, invoice.id, {
    reason: 'The client withdrew the application before lodgement',
    money: [
      { paymentId: first!.id, action: 'refund', amount: first!.amount },
      { paymentId: second!.id, action: 'client_credit', amount: second!.amount },
    ],
    refund: { refundDate: addDays(today, -3), method: 'Bank Transfer', reference: 'Refund EFT 88120' },
    version: invoice.version,
  });
  const later = await createInvoice(db, actor, {
    ...billTo,
    issueDate: addDays(today, -2),
    dueDate: addDays(today, 12),
    items: [
      {
        description: 'Professional fee – Skills assessment advice',
        quantity: '1',
        rate: '1000.00',
        taxable: true,
        taxTreatment: 'taxable',
        treatmentReason: null,
      },
    ],
  });
  await applyClientCredit(db, actor, later.id, { amount: '1100.00', version: later.version });
  return latest.state === 'cancelled';
}
