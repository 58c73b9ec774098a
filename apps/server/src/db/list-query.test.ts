// Keyset pages (docs/decisions/0008) on every list and every sort it offers: walking Next from the first
// page and Previous from the last reads each row exactly once, in the order one big page shows; cursors
// are refused when tampered with or foreign to the sort; page numbers stop where OFFSET would get costly.
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_SORT_FIELDS,
  DAY_MS,
  LEAD_SORT_FIELDS,
  MAX_NUMBERED_PAGE,
  PAGE_MESSAGES,
  type Page,
  ROLES,
} from '@crm/domain';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clients, contacts, leads } from './schema/index.ts';

let t: TestApp;
let admin: string;

const ROWS = 23;
const PAGE = 5;
const NATIONALITIES = ['India', null, 'Nepal', 'Brazil', null, 'Chile'];
const LOCATIONS = ['Inside Australia', 'Outside Australia', null];
const VISAS = ['Student 500', null, 'Partner 820/801', 'Visitor 600'];
const STATUSES = ['New Lead Received', 'Consultation Completed', 'Ineligible', 'Not Proceeding / Lost'];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn('administrator');
  const base = Date.now() - 30 * DAY_MS;
  // Repeated names, empty values and shared timestamps: the id must settle every tie.
  const person = (i: number) => ({
    firstName: ['Ana', 'Ben', 'Cai', 'Ana'][i % 4]!,
    lastName: ['Ng', 'Smith', 'Lee'][i % 3]!,
    email: `keyset.${i}@example.com`,
    contactNumber: `+61 400 100 ${String(100 + i)}`,
    nationality: NATIONALITIES[i % NATIONALITIES.length]!,
    applicantLocation: LOCATIONS[i % LOCATIONS.length]!,
    desiredVisa: VISAS[i % VISAS.length]!,
    createdAt: new Date(base + Math.floor(i / 3) * 60_000),
    updatedAt: new Date(base + (i % 5) * 60_000),
  });
  await t.database.db.insert(leads).values(
    Array.from({ length: ROWS }, (_, i) => ({
      ...person(i),
      dateOfBirth: '1990-01-01',
      countryOfResidence: 'Australia',
      leadStatus: STATUSES[i % STATUSES.length]!,
      leadSource: 'Website',
    })),
  );
  await t.database.db.insert(clients).values(
    Array.from({ length: ROWS }, (_, i) => ({
      ...person(i),
      email: `keyset.client.${i}@example.com`,
      contactNumber: `+61 400 200 ${String(100 + i)}`,
      status: ['Active', 'Inactive'][i % 2]!,
      passportExpiryDate: i % 4 === 0 ? null : `203${i % 7}-0${(i % 9) + 1}-15`,
    })),
  );
  await t.database.db.insert(contacts).values(
    Array.from({ length: ROWS }, (_, i) => ({
      ...person(i),
      email: `keyset.contact.${i}@example.com`,
      contactNumber: `+61 400 300 ${String(100 + i)}`,
      originalLeadStatus: 'Not Proceeding / Lost',
      movedFromLeadsAt: i % 6 === 0 ? null : new Date(base + Math.floor(i / 2) * 60_000),
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

type AnyPage = Page<{ id: string }>;

async function get(url: string, cookie = admin) {
  return t.app.inject({ method: 'GET', url, headers: { cookie } });
}

async function page(path: string, query: string): Promise<AnyPage> {
  const res = await get(`${path}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every id in order, walking Next from the first page, then Previous from the last. */
async function walk(path: string, base: string) {
  const forward: string[] = [];
  let current = await page(path, `${base}&pageSize=${PAGE}`);
  expect(current.prevCursor).toBeNull();
  for (;;) {
    forward.push(...current.items.map((r) => r.id));
    if (!current.nextCursor) break;
    current = await page(path, `${base}&pageSize=${PAGE}&after=${current.nextCursor}`);
    expect(current.page).toBeNull();
  }
  const backward: string[][] = [];
  current = await page(path, `${base}&pageSize=${PAGE}&last=true`);
  expect(current.nextCursor).toBeNull();
  for (;;) {
    backward.unshift(current.items.map((r) => r.id));
    if (!current.prevCursor) break;
    current = await page(path, `${base}&pageSize=${PAGE}&before=${current.prevCursor}`);
  }
  // Previous near the start shows the first page, full, rather than a short page before it.
  const [firstPage, ...rest] = backward;
  return { forward, firstPage: firstPage ?? [], tail: rest.flat() };
}

const LISTS = [
  { path: '/api/leads', sorts: LEAD_SORT_FIELDS },
  { path: '/api/clients', sorts: CLIENT_SORT_FIELDS },
  { path: '/api/contacts', sorts: [undefined] },
  { path: '/api/records', sorts: [undefined] },
] as const;

describe('keyset pages', () => {
  for (const { path, sorts } of LISTS) {
    for (const field of sorts) {
      for (const direction of field ? (['asc', 'desc'] as const) : [undefined]) {
        // A list without sorts takes no sort parameter at all (an unknown one is refused).
        const sort = field ? `sort=${field}:${direction}` : '';
        it(`${path} ${sort || 'in its own order'}: Next and Previous read every row once, in order`, async () => {
          const whole = (await page(path, `${sort}&pageSize=100`)).items.map((r) => r.id);
          expect(whole.length).toBeGreaterThanOrEqual(ROWS);
          const { forward, firstPage, tail } = await walk(path, sort);
          expect(forward).toEqual(whole);
          // From the last page back the pages split differently: full pages from the end, then the first page.
          expect(firstPage).toEqual(whole.slice(0, PAGE));
          expect(tail).toEqual(whole.slice(whole.length - tail.length));
          expect(tail.length + PAGE).toBeGreaterThanOrEqual(whole.length);
        });
      }
    }
  }

  it('numbered pages agree with the cursors, and stop at the last numbered page', async () => {
    const first = await page('/api/leads', `sort=firstName:asc&pageSize=${PAGE}`);
    const second = await page('/api/leads', `sort=firstName:asc&pageSize=${PAGE}&page=2`);
    const next = await page('/api/leads', `sort=firstName:asc&pageSize=${PAGE}&after=${first.nextCursor}`);
    expect(next.items).toEqual(second.items);
    expect(second).toMatchObject({ page: 2, total: ROWS });
    expect(second.prevCursor).not.toBeNull();
    expect((await get(`/api/leads?page=${MAX_NUMBERED_PAGE}`)).statusCode).toBe(200);
    const beyond = await get(`/api/leads?page=${MAX_NUMBERED_PAGE + 1}`);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toContain(PAGE_MESSAGES.numberedPageLimit);
  });

  it('a numbered page shows the rows that position holds, on every list, and none past the numbered pages', async () => {
    for (const { path, sorts } of LISTS) {
      const sort = sorts[0] ? `sort=${sorts[0]}:asc&` : '';
      const whole = (await page(path, `${sort}pageSize=100`)).items.map((r) => r.id);
      const pages = Math.ceil(whole.length / PAGE);
      const third = await page(path, `${sort}pageSize=${PAGE}&page=3`);
      expect(third.page, path).toBe(3);
      expect(
        third.items.map((r) => r.id),
        path,
      ).toEqual(whole.slice(2 * PAGE, 3 * PAGE));
      expect(third.prevCursor, path).not.toBeNull();
      const numbered: string[] = [];
      for (let n = 1; n <= pages; n += 1) {
        numbered.push(...(await page(path, `${sort}pageSize=${PAGE}&page=${n}`)).items.map((r) => r.id));
      }
      expect(numbered, path).toEqual(whole);
      const beyond = await get(`${path}?${sort}pageSize=${PAGE}&page=${MAX_NUMBERED_PAGE + 1}`);
      expect(beyond.statusCode, path).toBe(400);
      expect(beyond.json().message, path).toContain(PAGE_MESSAGES.numberedPageLimit);
      expect(beyond.json().fieldErrors, path).toEqual({ page: [PAGE_MESSAGES.numberedPageLimit] });
    }
  });

  it('refuses a tampered cursor, a cursor of another sort and two places to start, with 400', async () => {
    const first = await page('/api/leads', `sort=firstName:asc&pageSize=${PAGE}`);
    const cursor = first.nextCursor!;
    const forged = Buffer.from(JSON.stringify(['firstName:asc', 'x', 'not-a-uuid'])).toString('base64url');
    const badDate = Buffer.from(
      JSON.stringify(['createdAt:desc', "2026'; drop table leads;--", '00000000-0000-4000-8000-000000000000']),
    ).toString('base64url');
    for (const query of [
      `sort=lastName:asc&after=${cursor}`,
      `sort=firstName:asc&after=${forged}`,
      `after=${badDate}`,
      'after=bm90IGpzb24',
      'after=%2F%2F',
      `sort=firstName:asc&after=${cursor}&last=true`,
      'page=2&last=true',
    ]) {
      const res = await get(`/api/leads?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    const res = await get(`/api/leads?sort=lastName:asc&after=${cursor}`);
    expect(res.json().message).toContain(PAGE_MESSAGES.badCursor);
    // The combined list's cursors belong to it alone.
    expect((await get(`/api/records?after=${cursor}`)).statusCode).toBe(400);
  });

  it('answers the last page when the rows after a cursor are gone, and the first page when few are before it', async () => {
    const whole = (await page('/api/contacts', 'pageSize=100')).items.map((r) => r.id);
    const first = await page('/api/contacts', `pageSize=${PAGE}`);
    // Fewer rows than a page before the cursor: the first page, full, rather than a short one.
    const head = await page('/api/contacts', `pageSize=${PAGE}&before=${first.nextCursor}`);
    expect(head.items).toEqual(first.items);
    expect(head.prevCursor).toBeNull();
    // Someone deletes everything after the first page meanwhile: Next shows the last page there is.
    await t.database.db.delete(contacts).where(inArray(contacts.id, whole.slice(PAGE)));
    const tail = await page('/api/contacts', `pageSize=${PAGE}&after=${first.nextCursor}`);
    expect(tail.items).toEqual(first.items);
    expect(tail.nextCursor).toBeNull();
  });

  it('every role gets a page of each list it may see, with cursors it can follow', async () => {
    for (const role of ROLES) {
      const cookie = await t.signIn(role);
      for (const path of ['/api/leads', '/api/records']) {
        const res = await get(`${path}?pageSize=10`, cookie);
        if (res.statusCode === 403) continue;
        expect(res.statusCode, `${role} ${path}`).toBe(200);
        const body: AnyPage = res.json();
        if (body.nextCursor) {
          expect((await get(`${path}?pageSize=10&after=${body.nextCursor}`, cookie)).statusCode).toBe(200);
        }
      }
    }
  });
});
