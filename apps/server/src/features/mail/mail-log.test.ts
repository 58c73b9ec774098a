// Issue 27: every mail is queued with its change and delivered after commit. A mail server that is down
// never fails the request: the Mail log shows the message retrying with a fixed outcome, and once the
// server is back it is sent once. Two processes never send one message twice; a claim whose process died
// is taken back. With no mail server the message is kept in the log, where it can be read.
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INTEGRATION_SETTINGS, webhookInputOf, INVOICE_EXAMPLE } from '@crm/domain';
import { idPath } from '../../../test/api-client.ts';
import { keepEachMessage } from '../../../test/mail-server.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';
import { mailMessages } from '../../db/schema/index.ts';

let f: Fixture;
const received: { to: string[]; data: string }[] = [];
let smtp: SMTPServer | null = null;
let port: number;

/** A local mail server on the chosen port (the same port each time, as a restarted server would be). */
async function startMailServer() {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData: keepEachMessage((data, session) =>
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), data }),
    ),
  });
  await new Promise<void>((resolve) => smtp!.listen(port, '127.0.0.1', resolve));
}
async function stopMailServer() {
  const server = smtp;
  smtp = null;
  if (server) await new Promise<void>((resolve) => server.close(resolve));
}

beforeAll(async () => {
  // The tests' mail server is on 127.0.0.1, which a provider saved in Integrations may be only when the
  // operator allows it (SMTP_ALLOW_PRIVATE=true): allowed here, as an on-premises relay would be.
  f = await createFixture({ smtpAllowPrivate: true });
  // A port that was free a moment ago: nobody listens until the test starts the mail server there.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterEach(async () => {
  await stopMailServer();
});
afterAll(async () => {
  await f?.t.close();
});

const db = () => f.t.database.db;
const admin = () => f.api('administrator');

async function useMailServer() {
  const res = await f.api('account_administrator').PUT('/api/settings/integrations', {
    body: {
      email: { host: '127.0.0.1', port, security: 'none', username: '', fromAddress: 'office@firm.example' },
      ai: { provider: '' },
      payment: { provider: '' },
      calendar: { provider: '' },
      chat: { provider: '' },
      webhooks: webhookInputOf(DEFAULT_INTEGRATION_SETTINGS.webhooks),
    },
  });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  await f.t.app.mailer.refresh();
}

async function invoiceMailedTo(to: string) {
  const created = await admin().POST('/api/invoices', { body: INVOICE_EXAMPLE });
  expect(created.response.status, JSON.stringify(created.error)).toBe(201);
  const invoice = created.data!;
  const sent = await admin().POST('/api/invoices/{id}/send', { ...idPath(invoice.id), body: { to } });
  expect(sent.response.status, JSON.stringify(sent.error)).toBe(200);
  return sent.data!;
}

const logRow = async (search: string) => {
  const res = await admin().GET('/api/mail-log', { params: { query: { search } } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!;
};

/** Time passes for a retrying message: it is due now. */
const dueNow = (id: string) =>
  db()
    .update(mailMessages)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(mailMessages.id, id));

describe('the Mail log', () => {
  it('keeps a mail with no mail server set, to be read there with its attachment', async () => {
    const { mail } = await invoiceMailedTo('kept.client@example.com');
    expect(mail.status).toBe('queued');
    await f.t.app.mail.flush();
    const view = await admin().GET('/api/mail-log/{id}', idPath(mail.id));
    expect(view.response.status, JSON.stringify(view.error)).toBe(200);
    const message = view.data!;
    expect(message).toMatchObject({ to: 'kept.client@example.com', status: 'kept', kind: 'invoice' });
    expect(message.record).toMatchObject({ type: 'invoice' });
    expect(message.body).toContain('Please find attached tax invoice');
    const file = await f.call('administrator', 'GET', `/api/mail-log/${mail.id}/attachments/0`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const listed = await admin().GET('/api/mail-log', { params: { query: { status: 'kept', search: 'kept.client' } } });
    expect(listed.data?.items.map((r) => r.id)).toContain(mail.id);
    expect((await f.api('consultant').GET('/api/mail-log')).response.status).toBe(403);
    expect((await f.api('consultant').GET('/api/mail-log/{id}', idPath(mail.id))).response.status).toBe(403);
    expect((await admin().GET('/api/mail-log/{id}', idPath('not-a-uuid'))).response.status).toBe(404);
  });

  it('answers at once while the mail server is down, retries, and sends once when it is back', async () => {
    await useMailServer();
    const { mail } = await invoiceMailedTo('down.client@example.com');
    expect(mail.status).toBe('queued');
    await f.t.app.mail.flush();
    const [retrying] = await db().select().from(mailMessages).where(eq(mailMessages.id, mail.id));
    expect(retrying).toMatchObject({ status: 'retrying', attempts: 1, outcome: 'could_not_connect' });
    expect(retrying!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    const row = await logRow('down.client');
    expect(row.items[0]).toMatchObject({
      status: 'retrying',
      outcome: 'could_not_connect',
      attempts: 1,
      maxAttempts: 6,
    });
    // Not yet due: another run leaves it alone.
    await f.t.app.mail.flush();
    expect(received).toHaveLength(0);

    await startMailServer();
    await dueNow(mail.id);
    await f.t.app.mail.flush();
    await f.t.app.mail.flush();
    expect(received.filter((m) => m.to.includes('down.client@example.com'))).toHaveLength(1);
    const [sent] = await db().select().from(mailMessages).where(eq(mailMessages.id, mail.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, outcome: null, smtpCode: 250 });
    expect(sent!.sentAt).not.toBeNull();
  });

  it('never sends one message twice from two processes, and takes back a claim whose process died', async () => {
    await useMailServer();
    await startMailServer();
    const before = received.length;
    const queued = [];
    for (let i = 0; i < 6; i++) queued.push((await invoiceMailedTo(`pair.${i}@example.com`)).mail.id);
    const other = await f.t.secondInstance();
    try {
      await other.app.mailer.refresh();
      await Promise.all([f.t.app.mail.deliverDue(), other.app.mail.deliverDue(), f.t.app.mail.deliverDue()]);
    } finally {
      await other.close();
    }
    // What a background delivery (woken by each commit) still had in hand.
    await f.t.app.mail.flush();
    const mine = received
      .slice(before)
      .flatMap((m) => m.to)
      .filter((to) => to.startsWith('pair.'));
    expect(mine.sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `pair.${i}@example.com`));

    // A process claimed this one and died before sending it (written as it left it: no event wakes anyone).
    const [orphan] = await db()
      .insert(mailMessages)
      .values({
        kind: 'notification',
        toAddress: 'orphan@example.com',
        subject: 'Left behind',
        body: 'Claimed by a process that died.',
        status: 'sending',
        attempts: 1,
        claimedAt: sql`now() - interval '11 minutes'`,
      })
      .returning({ id: mailMessages.id });
    const mail = orphan!;
    await f.t.app.mail.flush();
    expect(received.filter((m) => m.to.includes('orphan@example.com'))).toHaveLength(1);
    const [recovered] = await db().select().from(mailMessages).where(eq(mailMessages.id, mail.id));
    expect(recovered).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it("never shows a reset or invitation link's token: whoever reads the log could take the account", async () => {
    const reset = await f.api('account_administrator').POST('/api/users/{id}/reset-password', {
      ...idPath(f.idOf('consultant')),
      body: { method: 'email' },
    });
    expect(reset.response.status, JSON.stringify(reset.error)).toBe(200);
    const mail = reset.data!.mail!;
    const view = (await admin().GET('/api/mail-log/{id}', idPath(mail.id))).data!;
    expect(view.body).toContain('/reset-password?token=(hidden)');
    // The recipient's own mail carries the real link.
    const sent = (await f.t.outbox()).find((m) => m.name === mail.id)!;
    expect(sent.content).toMatch(/reset-password\?token=[A-Za-z0-9_%-]{20,}/);
  });

  it('queues a message again on request, as a new entry; only who may edit Administration may', async () => {
    const { mail } = await invoiceMailedTo('again@example.com');
    await f.t.app.mail.flush();
    expect((await f.api('consultant').POST('/api/mail-log/{id}/resend', idPath(mail.id))).response.status).toBe(403);
    const again = await admin().POST('/api/mail-log/{id}/resend', idPath(mail.id));
    expect(again.response.status, JSON.stringify(again.error)).toBe(200);
    const copy = again.data!;
    expect(copy.id).not.toBe(mail.id);
    await f.t.app.mail.flush();
    const view = (await admin().GET('/api/mail-log/{id}', idPath(copy.id))).data!;
    expect(view).toMatchObject({ to: 'again@example.com', kind: 'invoice' });
    expect(view.attachments).toHaveLength(1);
  });

  it("lists the mails about a client's invoices in its History, to a role with Finance only", async () => {
    const { client } = await f.convertedLead('administrator');
    const created = await admin().POST('/api/invoices', {
      body: { ...INVOICE_EXAMPLE, entityType: 'client', entityId: client.id },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const invoice = created.data!;
    const sent = await admin().POST('/api/invoices/{id}/send', {
      ...idPath(invoice.id),
      body: { to: 'history.client@example.com' },
    });
    expect(sent.response.status, JSON.stringify(sent.error)).toBe(200);
    const { mail } = sent.data!;
    await f.t.app.mail.flush();
    // Where it stands depends on the mail server an earlier test left set: History says what the log says.
    const [row] = await db().select().from(mailMessages).where(eq(mailMessages.id, mail.id));

    const history = await admin().GET('/api/clients/{id}/history', idPath(client.id));
    expect(history.response.status, JSON.stringify(history.error)).toBe(200);
    const entries = history.data!;
    const mailed = entries.filter((e) => e.mail);
    expect(mailed).toHaveLength(1);
    expect(mailed[0]).toMatchObject({
      id: mail.id,
      action: 'MAIL',
      title: expect.stringContaining(invoice.invoiceNumber),
      actorName: expect.any(String),
      mail: { id: mail.id, to: 'history.client@example.com', status: row!.status, outcome: row!.outcome },
    });
    // Newest first, among the changes: the mail came after the conversion.
    expect(entries[0]!.id).toBe(mail.id);

    // A guest has Clients but not Finance: it sees the client's changes, never its invoices' mails.
    const guest = await f.api('guest').GET('/api/clients/{id}/history', idPath(client.id));
    expect(guest.response.status, JSON.stringify(guest.error)).toBe(200);
    const guestEntries = guest.data!;
    expect(guestEntries.length).toBeGreaterThan(0);
    expect(guestEntries.filter((e) => e.mail || e.action === 'MAIL')).toEqual([]);
  });
});
