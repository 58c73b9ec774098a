// The leads list on a known data set: base exclusions, search, filters, sort, pagination totals, filter options.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient, type Query } from '../../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { leads } from '../../db/schema/index.ts';

let t: TestApp;
let admin: ApiClient;

type Seed = {
  first: string;
  last: string;
  email: string;
  phone: string;
  status?: string;
  location?: string;
  visa?: string;
  hidden?: boolean;
  deleted?: boolean;
  archived?: boolean;
};

const SEED: Seed[] = [
  {
    first: 'John',
    last: 'Smith',
    email: 'john.smith@example.com',
    phone: '+61 400 000 001',
    visa: 'Skilled Nominated 190',
  },
  {
    first: 'Amy',
    last: 'Smithers',
    email: 'amy.s@example.com',
    phone: '+61 400 000 002',
    status: 'In Screening – Booking Consultation',
    location: 'Outside Australia',
    visa: 'Student 500',
  },
  {
    first: 'Raj',
    last: 'Patel',
    email: 'raj@smirnoff.com',
    phone: '+61 400 000 003',
    status: 'Consultation Completed',
    location: 'Outside Australia',
    visa: 'Student 500',
  },
  { first: 'Mei', last: 'Chen', email: 'mei@example.com', phone: '+61 400 000 004', visa: 'Temporary Graduate 485' },
  {
    first: 'Ana',
    last: 'Souza',
    email: 'ana@example.com',
    phone: '+61 400 000 005',
    status: 'Agreement Sent – Awaiting Signature',
    location: 'Outside Australia',
    visa: 'Partner 820/801',
  },
  {
    first: 'Liam',
    last: 'Brown',
    email: 'liam@example.com',
    phone: '+61 400 000 006',
    status: 'Not Proceeding / Lost',
    visa: 'Skilled Nominated 190',
  },
  {
    first: 'Nguyen',
    last: 'Van',
    email: 'nv@example.com',
    phone: '+61 499 123 456',
    status: 'Ineligible',
    location: 'Outside Australia',
    visa: 'Visitor 600',
  },
  { first: 'Percy', last: "O'Brien", email: 'percy%100@example.com', phone: '+61 400 000 008' },
  // Not in the default list:
  {
    first: 'Sita',
    last: 'Smith',
    email: 'sita@example.com',
    phone: '+61 400 000 009',
    visa: 'Student 500',
    hidden: true,
  },
  { first: 'Deleted', last: 'Smith', email: 'deleted@example.com', phone: '+61 400 000 010', deleted: true },
  { first: 'Archived', last: 'Smith', email: 'archived@example.com', phone: '+61 400 000 011', archived: true },
  {
    first: 'Converted',
    last: 'Smith',
    email: 'converted@example.com',
    phone: '+61 400 000 012',
    status: 'Converted to Client',
  },
  {
    first: 'Consult',
    last: 'Smith',
    email: 'consult@example.com',
    phone: '+61 400 000 013',
    status: 'Consultation Only – Not Proceeding Yet',
  },
];

beforeAll(async () => {
  t = await buildTestApp();
  admin = apiClient(t.app, await t.signIn('administrator'));
  const start = Date.now() - SEED.length * 60_000;
  await t.database.db.insert(leads).values(
    SEED.map((s, i) => ({
      firstName: s.first,
      lastName: s.last,
      email: s.email,
      contactNumber: s.phone,
      dateOfBirth: '1990-01-01',
      nationality: 'India',
      countryOfResidence: 'Australia',
      applicantLocation: s.location ?? 'Inside Australia',
      desiredVisa: s.visa ?? null,
      leadStatus: s.status ?? 'New Lead Received',
      leadSource: 'Website',
      isHidden: s.hidden ?? false,
      deletedAt: s.deleted ? new Date() : null,
      archivedAt: s.archived ? new Date() : null,
      // One minute apart, in SEED order: the newest is the last row.
      createdAt: new Date(start + i * 60_000),
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

/** Several values of a filter as the parameter repeated (the test client joins them with '|', as the web does). */
const repeated = { array: { style: 'form', explode: true } } as const;

async function list(query: Query<'/api/leads'> = {}, querySerializer?: typeof repeated) {
  const res = await admin.GET('/api/leads', { params: { query }, ...(querySerializer ? { querySerializer } : {}) });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!;
}
const names = (page: { items: { firstName: string }[] }) => page.items.map((l) => l.firstName);

describe('GET /api/leads on a known data set', () => {
  it('leaves out deleted, archived, converted, consultation-only and (by default) hidden leads, newest first', async () => {
    const page = await list();
    expect(page.total).toBe(8);
    expect(names(page)).toEqual(['Percy', 'Nguyen', 'Liam', 'Ana', 'Mei', 'Raj', 'Amy', 'John']);
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    const withHidden = await list({ showHidden: true });
    expect(withHidden.total).toBe(9);
    expect(names(withHidden)[0]).toBe('Sita');
  });

  it('searches name, email and phone, case-insensitively, with LIKE wildcards taken literally', async () => {
    expect(names(await list({ search: 'smi' }))).toEqual(['Raj', 'Amy', 'John']);
    // A search is never counted beyond its page: the page itself says how many it found.
    expect(await list({ search: 'SMI' })).toMatchObject({ total: null, nextCursor: null });
    expect((await list({ search: 'SMI' })).items).toHaveLength(3);
    expect((await list({ search: 'smi', showHidden: true })).items).toHaveLength(4);
    expect(names(await list({ search: 'john smith' }))).toEqual(['John']);
    expect(names(await list({ search: '499 123' }))).toEqual(['Nguyen']);
    expect(names(await list({ search: 'y%1' }))).toEqual(['Percy']);
    // One or two letters match the start of a first name, last name or email (an index serves them).
    expect(names(await list({ search: '%' }))).toEqual([]);
    expect(names(await list({ search: 'pe' }))).toEqual(['Percy']);
    expect(names(await list({ search: "o'" }))).toEqual(['Percy']);
    expect(names(await list({ search: 'ng' }))).toEqual(['Nguyen']);
    expect(names(await list({ search: "o'brien" }))).toEqual(['Percy']);
    expect((await list({ search: 'zzz' })).items).toEqual([]);
  });

  it('filters by status, location and desired visa (several values each), combined with search', async () => {
    expect(names(await list({ status: ['New Lead Received'] }))).toEqual(['Percy', 'Mei', 'John']);
    expect((await list({ status: ['New Lead Received', 'Ineligible'] })).total).toBe(4);
    expect((await list({ status: ['New Lead Received', 'Ineligible'] }, repeated)).total).toBe(4);
    expect((await list({ status: ['Converted to Client'] })).total).toBe(0);
    // The maintained counts answer a status filter; a location filter is not counted.
    expect(await list({ location: ['Outside Australia'] })).toMatchObject({ total: null, totalCapped: false });
    expect((await list({ location: ['Outside Australia'] })).items).toHaveLength(4);
    expect(names(await list({ desiredVisa: ['Student 500'] }))).toEqual(['Raj', 'Amy']);
    expect((await list({ desiredVisa: ['Student 500', 'Skilled Nominated 190'] }, repeated)).items).toHaveLength(4);
    expect(names(await list({ location: ['Outside Australia'], desiredVisa: ['Student 500'], search: 'smi' }))).toEqual(
      ['Raj', 'Amy'],
    );
  });

  it('sorts and paginates with totals', async () => {
    const p2 = await list({ sort: 'firstName:asc', pageSize: 3, page: 2 });
    expect(names(p2)).toEqual(['Liam', 'Mei', 'Nguyen']);
    expect(p2).toMatchObject({ total: 8, page: 2, pageSize: 3 });
    expect(names(await list({ sort: 'firstName:asc', pageSize: 3, page: 3 }))).toEqual(['Percy', 'Raj']);
    const beyond = await list({ sort: 'firstName:asc', pageSize: 3, page: 4 });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(8);
    expect(names(await list({ sort: 'lastName:desc', pageSize: 2 }))).toEqual(['Nguyen', 'Ana']);
    expect(names(await list({ sort: 'createdAt:asc', pageSize: 2 }))).toEqual(['John', 'Amy']);
    // An unknown sort field falls back to created date (newest first unless asc is asked).
    expect(names(await list({ sort: 'password', pageSize: 1 }))).toEqual(['Percy']);
    expect(names(await list({ sort: 'password:asc', pageSize: 1 }))).toEqual(['John']);
  });

  it('offers the filter values present in the listed leads, sorted', async () => {
    const res = await admin.GET('/api/leads/filter-options');
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({
      statuses: [
        'Agreement Sent – Awaiting Signature',
        'Consultation Completed',
        'In Screening – Booking Consultation',
        'Ineligible',
        'New Lead Received',
        'Not Proceeding / Lost',
      ],
      locations: ['Inside Australia', 'Outside Australia'],
      desiredVisas: [
        'Partner 820/801',
        'Skilled Nominated 190',
        'Student 500',
        'Temporary Graduate 485',
        'Visitor 600',
      ],
    });
  });
});

describe('search beyond ASCII', () => {
  it('folds case of accented letters the same way on both sides', async () => {
    await t.database.db
      .insert(leads)
      .values({ firstName: 'Éva', lastName: 'Müller', email: 'eva.m@example.com', contactNumber: '+61 400 000 099' });
    expect(names(await list({ search: 'éva' }))).toEqual(['Éva']);
    expect(names(await list({ search: 'ÉVA MÜ' }))).toEqual(['Éva']);
    expect(names(await list({ search: 'müller' }))).toEqual(['Éva']);
  });
});
