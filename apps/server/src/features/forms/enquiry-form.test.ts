// The public enquiry form (issue 16 item 4): who may change its settings, and a visitor's enquiry with
// the lead form's rules, the spam guard, the limits, duplicates answered like any other enquiry, and the
// closed form. The minimum fill time is met with a token issued back in time by the server's own key
// (no waiting in a test); so is a token too old to be taken. A token is taken once (issue 28).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_ENQUIRY_FORM_SETTINGS,
  ENQUIRY_ADDRESS_LIMIT,
  ENQUIRY_EXAMPLE,
  ENQUIRY_FORM_MESSAGES,
  ENQUIRY_TOKEN_MAX_AGE_MS,
  PHONE_MESSAGES,
  type EnquiryFormSettings,
} from '@crm/domain';
import { apiClient } from '../../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { leads, notifications, taskNotes, users } from '../../db/schema/index.ts';
import { demoEmail } from '../../seed/demo-users.ts';
import { enquiryTokenKey, issueEnquiryToken } from './enquiry-token.ts';

let t: TestApp;
let supervisorId: string;
// The real index.html template, so /enquiry is answered as the built app answers it.
const webDist = mkdtempSync(join(tmpdir(), 'crm-web-dist-'));
copyFileSync(resolve(import.meta.dirname, '../../../../web/index.html'), join(webDist, 'index.html'));
beforeAll(async () => {
  t = await buildTestApp({ webDistDir: webDist });
  const [supervisor] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmail('supervisor')));
  supervisorId = supervisor!.id;
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const as = async (role: Parameters<TestApp['signIn']>[0]) => apiClient(t.app, await t.signIn(role));

async function configure(settings: Partial<EnquiryFormSettings>) {
  const owner = await as('account_administrator');
  const saved = await owner.PUT('/api/forms/enquiry', {
    body: { ...DEFAULT_ENQUIRY_FORM_SETTINGS, enabled: true, assigneeUserId: supervisorId, ...settings },
  });
  expect(saved.response.status).toBe(200);
  return saved.data!;
}

/** A token as the page got it `ageMs` ago. */
const tokenAged = (ageMs: number) => issueEnquiryToken(enquiryTokenKey(t.app.config), Date.now() - ageMs);

let addressCounter = 0;
/** Each test its own client address, so the per-address limit only bites where a test means it to. */
const nextAddress = () => `203.0.113.${++addressCounter}`;

/**
 * Raw: each enquiry comes from a client address of the test's choosing (the per-address limit is shared
 * through the database), which the typed client cannot send; several bodies are also what the document refuses.
 */
function send(body: Record<string, unknown>, address = nextAddress(), headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/public/enquiries',
    payload: { ...ENQUIRY_EXAMPLE, token: tokenAged(10_000), ...body },
    remoteAddress: address,
    headers,
  });
}

const leadsByEmail = (email: string) => t.database.db.select().from(leads).where(eq(leads.email, email));

describe('the enquiry form settings', () => {
  it('are read by every role but guest and changed by supervisors and above, audited', async () => {
    expect((await (await as('consultant')).GET('/api/forms/enquiry')).data).toEqual(DEFAULT_ENQUIRY_FORM_SETTINGS);
    expect((await (await as('guest')).GET('/api/forms/enquiry')).response.status).toBe(403);
    const refused = await (await as('consultant')).PUT('/api/forms/enquiry', { body: DEFAULT_ENQUIRY_FORM_SETTINGS });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.message).toBe('Only supervisors and administrators can change the enquiry form');

    const supervisor = await as('supervisor');
    const saved = await supervisor.PUT('/api/forms/enquiry', {
      body: {
        ...DEFAULT_ENQUIRY_FORM_SETTINGS,
        title: 'Ask us about your visa',
        frameOrigins: ['https://www.Example.com.au', 'https://www.example.com.au'],
      },
    });
    expect(saved.error).toBeUndefined();
    expect(saved.data).toMatchObject({ title: 'Ask us about your visa', frameOrigins: ['https://www.example.com.au'] });
    const audit = await (
      await as('account_administrator')
    ).GET('/api/audit-logs', {
      params: { query: { action: 'UPDATE_ENQUIRY_FORM' } },
    });
    expect(audit.data!.items[0]!.newValues).toMatchObject({ title: 'Ask us about your visa' });
  });

  it('refuse a framing site that is no origin and an assignee the manager picker does not offer', async () => {
    const owner = await as('account_administrator');
    const badOrigin = await owner.PUT('/api/forms/enquiry', {
      body: { ...DEFAULT_ENQUIRY_FORM_SETTINGS, frameOrigins: ['https://example.com/path'] },
    });
    expect(badOrigin.response.status).toBe(400);
    expect(badOrigin.error?.message).toContain(ENQUIRY_FORM_MESSAGES.originInvalid);
    const [consultant] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail('consultant')));
    const badAssignee = await owner.PUT('/api/forms/enquiry', {
      body: { ...DEFAULT_ENQUIRY_FORM_SETTINGS, assigneeUserId: consultant!.id },
    });
    expect(badAssignee.response.status).toBe(400);
    expect(badAssignee.error?.fieldErrors?.assigneeUserId).toEqual([ENQUIRY_FORM_MESSAGES.assigneeInvalid]);
  });
});

describe('a visitor', () => {
  it('finds the form closed while it is off, and an enquiry is refused in friendly words', async () => {
    await configure({ enabled: false });
    const page = await apiClient(t.app).GET('/api/public/enquiry-form');
    expect(page.data).toEqual({ open: false, message: ENQUIRY_FORM_MESSAGES.closed });
    const sent = await send({ email: 'closed@example.com', contactNumber: '+61 412 000 001' });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe(ENQUIRY_FORM_MESSAGES.closed);
    expect(await leadsByEmail('closed@example.com')).toHaveLength(0);
  });

  it('creates a Website lead, New Lead Received, assigned as set, with the message as a note; the manager is told', async () => {
    await configure({ fields: ['desiredVisa'] });
    const page = await apiClient(t.app).GET('/api/public/enquiry-form');
    expect(page.data).toMatchObject({ open: true, fields: ['desiredVisa'], token: expect.any(String) });

    // No cookie, and from the firm's own website (another origin): the cross-site write check does not apply.
    const sent = await send(
      { email: 'new.visitor@example.com', contactNumber: '+61 412 000 002', gender: 'Female' },
      nextAddress(),
      { origin: 'https://www.example.com.au' },
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ ok: true, message: ENQUIRY_FORM_MESSAGES.thankYou });
    const [lead] = await leadsByEmail('new.visitor@example.com');
    expect(lead).toMatchObject({
      leadSource: 'Website',
      leadStatus: 'New Lead Received',
      managerUserId: supervisorId,
      desiredVisa: 'Temporary Graduate 485',
      // Not a field this firm shows: not taken.
      gender: null,
    });
    const notes = await t.database.db.select().from(taskNotes).where(eq(taskNotes.leadId, lead!.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.content).toContain('I would like to know my options after graduating.');
    const alerts = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, supervisorId), eq(notifications.kind, 'leadAssigned')));
    expect(alerts.some((a) => a.link?.includes(lead!.id))).toBe(true);
  });

  it('is refused with the lead form’s own messages', async () => {
    await configure({});
    const sent = await send({ email: 'not-an-email', firstName: '', consent: false });
    expect(sent.statusCode).toBe(400);
    const { fieldErrors } = sent.json();
    expect(fieldErrors.email).toEqual(['Invalid email format']);
    expect(fieldErrors.firstName).toContain('First name is required');
    expect(fieldErrors.consent).toEqual([ENQUIRY_FORM_MESSAGES.consentRequired]);
  });

  it('refuses a number no country would dial, in the stated words, and stores a valid one in international form', async () => {
    await configure({});
    // The Philippine number typed without its country (issue 26): read as Australian, and no Australian number.
    const refused = await send({ email: 'no.country@example.com', contactNumber: '0917 555 1234' }, nextAddress());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.contactNumber).toEqual([PHONE_MESSAGES.invalid]);
    expect(await leadsByEmail('no.country@example.com')).toHaveLength(0);
    // As the page sends it with the country chosen: the trunk 0 dropped.
    const sent = await send({ email: 'with.country@example.com', contactNumber: '+63 0917 555 1234' }, nextAddress());
    expect(sent.statusCode, sent.body).toBe(200);
    const [lead] = await leadsByEmail('with.country@example.com');
    expect(lead).toMatchObject({ contactNumber: '+63 917 555 1234', contactNumberE164: '+639175551234' });
  });

  it('from someone already on file gets the same thank-you; their record gets a note and its manager an alert', async () => {
    await configure({});
    const first = await send({ email: 'repeat@example.com', contactNumber: '+61 412 000 003' });
    expect(first.statusCode).toBe(200);
    const [lead] = await leadsByEmail('repeat@example.com');
    const again = await send({
      email: 'Repeat@Example.com',
      contactNumber: '+61 412 000 003',
      message: 'Following up on my enquiry.',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await leadsByEmail('repeat@example.com')).toHaveLength(1);
    const notes = await t.database.db.select().from(taskNotes).where(eq(taskNotes.leadId, lead!.id));
    expect(notes.map((n) => n.content).join(' ')).toContain('Following up on my enquiry.');
    const alerts = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, supervisorId), eq(notifications.title, 'New website enquiry from a lead')));
    expect(alerts).toHaveLength(1);
  });

  it('is refused when the honeypot is filled, the form was sent too fast, or the token is not ours', async () => {
    await configure({});
    const cases = [
      { website: 'https://spam.example', email: 'honeypot@example.com', contactNumber: '+61 412 000 004' },
      { token: tokenAged(0), email: 'toofast@example.com', contactNumber: '+61 412 000 005' },
      {
        token: `${Date.now() - 10_000}.${'A'.repeat(22)}.${'A'.repeat(43)}`,
        email: 'forged@example.com',
        contactNumber: '+61 412 000 006',
      },
    ];
    for (const body of cases) {
      const sent = await send(body);
      expect(sent.statusCode).toBe(400);
      expect(sent.json().message).toBe(ENQUIRY_FORM_MESSAGES.refused);
      expect(await leadsByEmail(body.email)).toHaveLength(0);
    }
  });

  it('is refused when its token was used already, from any address, with the same words', async () => {
    await configure({});
    const token = tokenAged(10_000);
    const first = await send({ token, email: 'once@example.com', contactNumber: '+61 412 000 007' });
    expect(first.statusCode, first.body).toBe(200);
    const replayed = await send({ token, email: 'twice@example.com', contactNumber: '+61 412 000 008' });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({ code: 'VALIDATION_FAILED', message: ENQUIRY_FORM_MESSAGES.refused });
    expect(await leadsByEmail('twice@example.com')).toHaveLength(0);

    // Sent twice at once: one enquiry gets through.
    const shared = tokenAged(10_000);
    const both = await Promise.all(
      ['together.a@example.com', 'together.b@example.com'].map((email, i) =>
        send({ token: shared, email, contactNumber: `+61 412 000 01${i}` }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const created = [
      ...(await leadsByEmail('together.a@example.com')),
      ...(await leadsByEmail('together.b@example.com')),
    ];
    expect(created).toHaveLength(1);
  });

  it('keeps its token for the corrected enquiry when the lead form’s rules refused it', async () => {
    await configure({});
    const token = tokenAged(10_000);
    const wrong = await send({ token, email: 'not-an-email', contactNumber: '+61 412 000 012' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.email).toEqual(['Invalid email format']);
    const corrected = await send({ token, email: 'corrected@example.com', contactNumber: '+61 412 000 012' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await leadsByEmail('corrected@example.com')).toHaveLength(1);
  });

  it('is refused when its token is older than two hours', async () => {
    await configure({});
    const old = await send({
      token: tokenAged(ENQUIRY_TOKEN_MAX_AGE_MS + 60_000),
      email: 'old.page@example.com',
      contactNumber: '+61 412 000 013',
    });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(ENQUIRY_FORM_MESSAGES.refused);
    expect(await leadsByEmail('old.page@example.com')).toHaveLength(0);
    const inTime = await send({
      token: tokenAged(ENQUIRY_TOKEN_MAX_AGE_MS - 60_000),
      email: 'old.page@example.com',
      contactNumber: '+61 412 000 013',
    });
    expect(inTime.statusCode, inTime.body).toBe(200);
  });

  it('is limited per client address, shared through the database', async () => {
    await configure({});
    const address = nextAddress();
    for (let i = 0; i < ENQUIRY_ADDRESS_LIMIT.count; i++) {
      const sent = await send({ email: `limit${i}@example.com`, contactNumber: `+61 412 100 ${100 + i}` }, address);
      expect(sent.statusCode).toBe(200);
    }
    const over = await send({ email: 'limit-over@example.com', contactNumber: '+61 412 100 200' }, address);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(ENQUIRY_FORM_MESSAGES.rateLimited);
    expect(await leadsByEmail('limit-over@example.com')).toHaveLength(0);
    // Another address is not held up.
    expect((await send({ email: 'other-address@example.com', contactNumber: '+61 412 100 201' })).statusCode).toBe(200);
  });
});

describe('the public page', () => {
  it('may be framed by the app itself and the sites the firm lists, and by no other', async () => {
    await configure({ frameOrigins: [] });
    // Raw: HTML pages, their headers read.
    const unlisted = await t.app.inject({ method: 'GET', url: '/enquiry' });
    expect(unlisted.statusCode).toBe(200);
    expect(unlisted.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(unlisted.headers['x-frame-options']).toBe('SAMEORIGIN');

    await configure({ frameOrigins: ['https://www.example.com.au'] });
    const listed = await t.app.inject({ method: 'GET', url: '/enquiry?embed=1' });
    expect(listed.headers['content-security-policy']).toContain("frame-ancestors 'self' https://www.example.com.au");
    expect(listed.headers['x-frame-options']).toBeUndefined();

    // Every other page keeps refusing any frame.
    const other = await t.app.inject({ method: 'GET', url: '/leads' });
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(other.headers['x-frame-options']).toBe('DENY');
  });
});
