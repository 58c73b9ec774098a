// Dashboard figures against a known data set (spec 1 §2.2, §3.5).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeLeads, DAY_MS, dashboardConversionRate, LEAD_STATUSES, type Role } from '@crm/domain';
import { apiClient, ok } from '../../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { leads, users } from '../../db/schema/index.ts';

let t: TestApp;
const now = Date.now();

type Seed = {
  status: string;
  createdDaysAgo: number;
  convertedDaysAgo?: number;
  hidden?: boolean;
  deleted?: boolean;
  archived?: boolean;
  byConsultant?: boolean;
};

const SEED: Seed[] = [
  { status: 'New Lead Received', createdDaysAgo: 0 },
  { status: 'New Lead Received', createdDaysAgo: 0, byConsultant: true },
  { status: 'New Lead Received', createdDaysAgo: 7 },
  { status: 'In Screening – Booking Consultation', createdDaysAgo: 0 },
  { status: 'In Screening – Booking Consultation', createdDaysAgo: 35 },
  { status: 'In Screening – Booking Consultation', createdDaysAgo: 7, hidden: true },
  { status: 'Consultation Completed', createdDaysAgo: 35 },
  { status: 'Agreement Sent – Awaiting Signature', createdDaysAgo: 35 },
  { status: 'Agreement Signed – Awaiting Payment', createdDaysAgo: 35 },
  { status: 'Agreement Signed – Awaiting Payment', createdDaysAgo: 77 },
  { status: 'Converted to Client', createdDaysAgo: 20, convertedDaysAgo: 3, byConsultant: true },
  { status: 'Converted to Client', createdDaysAgo: 50, convertedDaysAgo: 10 },
  { status: 'Converted to Client', createdDaysAgo: 90, convertedDaysAgo: 40 },
  { status: 'Converted to Client', createdDaysAgo: 120, convertedDaysAgo: 60 },
  { status: 'Consultation Only – Not Proceeding Yet', createdDaysAgo: 77 },
  { status: 'Ineligible', createdDaysAgo: 91 },
  { status: 'Not Proceeding / Lost', createdDaysAgo: 100 },
  { status: 'Not Proceeding / Lost', createdDaysAgo: 7 },
  // Never counted:
  { status: 'New Lead Received', createdDaysAgo: 0, deleted: true },
  { status: 'New Lead Received', createdDaysAgo: 0, archived: true },
];
const counted = SEED.filter((s) => !s.deleted && !s.archived);

beforeAll(async () => {
  t = await buildTestApp();
  const [consultant] = await t.database.db.select().from(users).where(eq(users.role, 'consultant'));
  await t.database.db.insert(leads).values(
    SEED.map((s, i) => ({
      firstName: 'Dash',
      lastName: 'Board',
      email: `dash.${i}@example.com`,
      contactNumber: `+61 400 100 ${String(i).padStart(3, '0')}`,
      leadStatus: s.status,
      createdAt: new Date(now - s.createdDaysAgo * DAY_MS),
      convertedAt: s.convertedDaysAgo === undefined ? null : new Date(now - s.convertedDaysAgo * DAY_MS),
      isHidden: s.hidden ?? false,
      deletedAt: s.deleted ? new Date() : null,
      archivedAt: s.archived ? new Date() : null,
      createdBy: s.byConsultant ? consultant?.id : null,
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

const as = async (role: Role) => apiClient(t.app, await t.signIn(role));

/** Monday of the week the instant falls in, in Sydney, as yyyy-MM-dd. */
function sydneyWeekStart(at: number): string {
  const local = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  const date = new Date(`${local}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

describe('GET /api/dashboard/lead-statistics', () => {
  it('counts live leads by status (hidden included, deleted and archived not); total leaves out converted', async () => {
    const stats = ok(await (await as('guest')).GET('/api/dashboard/lead-statistics'));
    expect(stats).toEqual({
      totalLeads: 14,
      newLeads: 3,
      inScreeningLeads: 3,
      consultationCompletedLeads: 1,
      agreementSentLeads: 1,
      agreementSignedLeads: 2,
      convertedLeads: 4,
      consultationOnlyLeads: 1,
      ineligibleLeads: 1,
      notProceedingLeads: 2,
    });
    expect(activeLeads(stats)).toBe(11);
    expect(dashboardConversionRate(stats)).toBe(22);
  });

  it("counts only a consultant's own or assigned leads for a consultant", async () => {
    const stats = ok(await (await as('consultant')).GET('/api/dashboard/lead-statistics'));
    expect(stats).toMatchObject({ totalLeads: 1, newLeads: 1, convertedLeads: 1, inScreeningLeads: 0 });
  });
});

describe('GET /api/dashboard/conversion-statistics', () => {
  it('derives conversions from converted_at: all, last 30 days, success rate with one decimal', async () => {
    expect(ok(await (await as('member')).GET('/api/dashboard/conversion-statistics'))).toEqual({
      totalConversions: 4,
      recentConversions: 2,
      totalReversions: 0,
      activeClientsFromLeads: 4,
      conversionSuccessRate: 22.2,
    });
    expect(ok(await (await as('consultant')).GET('/api/dashboard/conversion-statistics'))).toMatchObject({
      totalConversions: 1,
      conversionSuccessRate: 50,
    });
  });
});

describe('GET /api/dashboard/lead-trend', () => {
  it('gives new leads per Sydney week for the last 12 weeks, zero-filled, and the count at each stage', async () => {
    const trend = ok(await (await as('supervisor')).GET('/api/dashboard/lead-trend'));
    expect(trend.timeZone).toBe('Australia/Sydney');
    expect(trend.weeks).toHaveLength(12);
    const thisWeek = sydneyWeekStart(now);
    expect(trend.weeks.at(-1)?.weekStart).toBe(thisWeek);
    trend.weeks.forEach((w, i) => {
      expect(new Date(`${w.weekStart}T00:00:00Z`).getUTCDay(), w.weekStart).toBe(1);
      if (i > 0) expect(Date.parse(w.weekStart) - Date.parse(trend.weeks[i - 1]!.weekStart)).toBe(7 * DAY_MS);
    });
    const expected = new Map(trend.weeks.map((w) => [w.weekStart, 0]));
    for (const s of counted) {
      const week = sydneyWeekStart(now - s.createdDaysAgo * DAY_MS);
      if (expected.has(week)) expected.set(week, (expected.get(week) ?? 0) + 1);
    }
    expect(trend.weeks).toEqual([...expected].map(([weekStart, count]) => ({ weekStart, count })));
    expect(trend.weeks.reduce((sum, w) => sum + w.count, 0)).toBeGreaterThanOrEqual(11);
    expect(trend.weeks.some((w) => w.count === 0)).toBe(true);

    expect(trend.stages.map((s) => s.status)).toEqual([...LEAD_STATUSES]);
    expect(trend.stages.find((s) => s.status === 'Converted to Client')?.count).toBe(4);
    expect(trend.stages.reduce((sum, s) => sum + s.count, 0)).toBe(counted.length);
  });
});

describe('the dashboard through the typed client', () => {
  it('gives the same lead statistics as the plain request, and 401 signed out', async () => {
    const typed = await (await as('guest')).GET('/api/dashboard/lead-statistics');
    expect(typed.response.status).toBe(200);
    // The plain request, raw: what this test compares the typed client with.
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/lead-statistics',
      headers: { cookie: await t.signIn('guest') },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(typed.data).toEqual(plain.json());
    expect((await apiClient(t.app).GET('/api/dashboard/lead-statistics')).response.status).toBe(401);
  });
});
