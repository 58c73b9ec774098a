// Helpers for the lead / client / contact API tests: one app per file, a signed-in cookie per role, and
// valid forms with fresh emails and numbers.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { type ClientRecord, type LeadRecord, ROLES, type Role } from '@crm/domain';
import { auditLogs, users } from '../src/db/schema/index.ts';
import type { PgTable } from 'drizzle-orm/pg-core';
import { demoEmail } from '../src/seed/demo-users.ts';
import { type ApiClient, apiClient, idPath, type JsonBody, ok } from './api-client.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import type { Config } from '../src/config.ts';

type LeadBody = JsonBody<'/api/leads', 'post'>;
type ClientBody = JsonBody<'/api/clients', 'post'>;

export type Fixture = {
  t: TestApp;
  idOf: (role: Role) => string;
  /**
   * The typed client signed in as the role's demo user: `f.api('member').GET('/api/leads/{id}', { params:
   * { path: { id } } })`. What a test sends and reads is checked against the server's document.
   */
  api: (role: Role) => ApiClient;
  /** A raw request, for what the document cannot type: malformed bodies, odd headers, a wrong method. */
  call: (
    role: Role,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
  ) => Promise<LightMyRequestResponse>;
  leadInput: (overrides?: Partial<LeadBody>) => LeadBody;
  clientInput: (overrides?: Partial<ClientBody>) => ClientBody;
  createLead: (role?: Role, overrides?: Partial<LeadBody>) => Promise<LeadRecord>;
  /** Creates a lead as `role` and converts it as `role`; returns both records. */
  convertedLead: (role?: Role, overrides?: Partial<LeadBody>) => Promise<{ lead: LeadRecord; client: ClientRecord }>;
  countRows: (table: PgTable) => Promise<number>;
  auditActions: (resourceType: string, resourceId: string) => Promise<string[]>;
  /** Runs SQL as the test (constraints that make a step fail, back-dated timestamps). */
  exec: (statement: string) => Promise<void>;
};

/** A unique number per file run, so emails and numbers never collide between tests. */
let serial = 0;

/** `configOverrides`: as buildTestApp's (SMTP_ALLOW_PRIVATE for a mail server on 127.0.0.1, …). */
export async function createFixture(configOverrides: Partial<Config> = {}): Promise<Fixture> {
  const t = await buildTestApp(configOverrides);
  const cookies = new Map<Role, string>();
  const userIds = new Map<Role, string>();
  for (const role of ROLES) cookies.set(role, await t.signIn(role));
  for (const u of await t.database.db.select({ id: users.id, email: users.email }).from(users)) {
    const role = ROLES.find((r) => demoEmail(r) === u.email);
    if (role) userIds.set(role, u.id);
  }
  // 100-399: '+61 4<tag><5 digits>' and '+61 3<tag><5 digits>' are then valid Australian numbers (a mobile,
  // a Victorian landline), which the forms require (decision 0005); higher tags fall outside some ranges.
  const fileTag = Math.floor(Math.random() * 300) + 100;

  const clients = new Map<Role, ApiClient>();
  const api: Fixture['api'] = (role) => {
    let client = clients.get(role);
    if (!client) clients.set(role, (client = apiClient(t.app, cookies.get(role))));
    return client;
  };

  const call: Fixture['call'] = (role, method, url, payload) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: cookies.get(role) as string },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });

  const idOf: Fixture['idOf'] = (role) => userIds.get(role) as string;
  const next = () => ++serial;
  const leadInput: Fixture['leadInput'] = (overrides = {}) => {
    const n = next();
    return {
      firstName: 'Priya',
      lastName: 'Patel',
      dateOfBirth: '1994-05-17',
      nationality: 'India',
      countryOfResidence: 'Australia',
      email: `person.${fileTag}.${n}@example.com`,
      contactNumber: `+61 4${fileTag}${String(10_000 + n)}`,
      applicantLocation: 'Inside Australia',
      currentVisaSubclass: 'Student 500',
      visaExpiryDate: '2027-03-01',
      desiredVisa: 'Temporary Graduate 485',
      leadStatus: 'Agreement Signed – Awaiting Payment',
      leadSource: 'Website',
      // The staff form names both (spec 1 §5.1); the supervisor fits both pickers.
      managerUserId: idOf('supervisor'),
      assistantManagerUserId: idOf('supervisor'),
      ...overrides,
    };
  };
  const clientInput: Fixture['clientInput'] = (overrides = {}) => {
    const n = next();
    return {
      firstName: 'Wei',
      lastName: 'Zhang',
      email: `client.${fileTag}.${n}@example.com`,
      contactNumber: `+61 3${fileTag}${String(10_000 + n)}`,
      nationality: 'China',
      maritalStatus: 'Single',
      numberOfDependents: '0',
      applicantLocation: 'Outside Australia',
      desiredVisa: 'Skilled Independent 189',
      status: 'Active',
      ...overrides,
    };
  };
  const createLead: Fixture['createLead'] = async (role = 'administrator', overrides = {}) =>
    ok(await api(role).POST('/api/leads', { body: leadInput(overrides) }), 201);
  const convertedLead: Fixture['convertedLead'] = async (role = 'administrator', overrides = {}) => {
    const lead = await createLead(role, overrides);
    const { client } = ok(await api(role).POST('/api/leads/{id}/convert', idPath(lead.id)));
    const reread = await api(role).GET('/api/leads/{id}', idPath(lead.id));
    return { lead: reread.response.status === 200 ? reread.data! : lead, client };
  };
  const countRows: Fixture['countRows'] = async (table) => {
    const [row] = await t.database.db.select({ n: count() }).from(table);
    return row?.n ?? 0;
  };
  const auditActions: Fixture['auditActions'] = async (resourceType, resourceId) => {
    const rows = await t.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.resourceType, resourceType), eq(auditLogs.resourceId, resourceId)))
      .orderBy(auditLogs.createdAt);
    return rows.map((r) => r.action);
  };
  const exec: Fixture['exec'] = async (statement) => {
    await t.database.db.execute(statement);
  };
  return {
    t,
    idOf,
    api,
    call,
    leadInput,
    clientInput,
    createLead,
    convertedLead,
    countRows,
    auditActions,
    exec,
  };
}

/**
 * The test file's one fixture, built before its tests and closed after them: `const f = fixtureForFile();` at
 * the top of the file. The object is filled in by the file's first beforeAll, so it is read only in tests and
 * hooks. `configOverrides`: as createFixture's.
 */
export function fixtureForFile(configOverrides: Partial<Config> = {}): Fixture {
  // Empty until beforeAll fills it; nothing reads it earlier (see above).
  const f = {} as Fixture;
  beforeAll(async () => {
    Object.assign(f, await createFixture(configOverrides));
  });
  afterAll(async () => {
    // Not built when createFixture threw: there is nothing to close.
    if ('t' in f) await f.t.close();
  });
  return f;
}
