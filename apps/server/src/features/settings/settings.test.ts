import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DATE_MESSAGES, DEFAULT_DISPLAY_SETTING, DISPLAY_SETTING_KEY, latestDateOnEarth, ROLES } from '@crm/domain';
import { apiClient } from '../../../test/api-client.ts';
import { fixtureForFile } from '../../../test/record-fixtures.ts';
import { clients, systemSettings } from '../../db/schema/index.ts';
import { toClientRecords } from '../clients/clients.repository.ts';
import { checkBirthDates } from '../record-kit/birth-dates.ts';
import { writeSetting } from '../../platform/settings/settings.repository.ts';

const f = fixtureForFile();
afterEach(async () => {
  await f.t.database.db.delete(systemSettings).where(eq(systemSettings.settingKey, DISPLAY_SETTING_KEY));
});

const store = (value: unknown) => writeSetting(f.t.database.db, DISPLAY_SETTING_KEY, value, null);

describe('GET /api/settings/display', () => {
  it('gives every signed-in role the defaults while nothing is stored', async () => {
    for (const role of ROLES) {
      const res = await f.api(role).GET('/api/settings/display');
      expect(res.response.status, role).toBe(200);
      expect(res.data).toEqual({ timeZone: 'Australia/Sydney', dateFormat: 'DD MMM YYYY' });
    }
    expect((await apiClient(f.t.app).GET('/api/settings/display')).response.status).toBe(401);
  });

  it('answers with the stored setting', async () => {
    await store({ timeZone: 'Asia/Manila', dateFormat: 'DD/MM/YYYY' });
    const res = await f.api('guest').GET('/api/settings/display');
    expect(res.data).toEqual({ timeZone: 'Asia/Manila', dateFormat: 'DD/MM/YYYY' });
  });

  it('falls back to the defaults when the stored value is not a valid setting', async () => {
    await store({ timeZone: 'Mars/Olympus', dateFormat: 'DD MMM YYYY' });
    expect((await f.api('consultant').GET('/api/settings/display')).data).toEqual(DEFAULT_DISPLAY_SETTING);
    await store({ timeZone: 'UTC' });
    expect((await f.api('consultant').GET('/api/settings/display')).data).toEqual({
      timeZone: 'UTC',
      dateFormat: 'DD MMM YYYY',
    });
  });
});

describe("rules on the firm's date", () => {
  // 13:30 UTC on 5 March 2026 is 00:30 on 6 March in Sydney: a passport ending on 5 March has expired
  // there, while by the UTC date it is still good for the day.
  const justAfterSydneyMidnight = new Date('2026-03-05T13:30:00Z');

  it('derives passport and visa status from the stored time zone', async () => {
    const created = await f.api('administrator').POST('/api/clients', {
      body: f.clientInput({
        passportExpiryDate: '2026-03-05',
        applicantLocation: 'Inside Australia',
        currentVisaSubclass: 'Student 500',
        visaExpiryDate: '2026-04-05',
        desiredVisa: undefined,
      }),
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const rows = await f.t.database.db.select().from(clients).where(eq(clients.id, created.data!.id));
    const statuses = async () => {
      const [record] = await toClientRecords(f.t.database.db, rows, justAfterSydneyMidnight);
      return [record?.passportStatus, record?.visaStatus];
    };

    expect(await statuses()).toEqual(['Expired', 'Expiring Soon']);
    await store({ timeZone: 'UTC', dateFormat: 'DD MMM YYYY' });
    expect((await f.api('member').GET('/api/settings/display')).data?.timeZone).toBe('UTC');
    expect(await statuses()).toEqual(['Expiring Soon', 'Valid']);
  });

  it('refuses a birth date after the firm’s today', async () => {
    const db = f.t.database.db;
    const check = (values: Parameters<typeof checkBirthDates>[1]) =>
      checkBirthDates(db, values, justAfterSydneyMidnight);
    // Born on 6 March: already today in Sydney, still tomorrow by UTC.
    await expect(check({ dateOfBirth: '2026-03-06' })).resolves.toBeUndefined();
    await store({ timeZone: 'UTC', dateFormat: 'DD MMM YYYY' });
    await expect(check({ dateOfBirth: '2026-03-06' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { dateOfBirth: [DATE_MESSAGES.birthInFuture] },
    });
    await expect(check({ dependents: [{}, { dateOfBirth: '2026-03-06' }] })).rejects.toMatchObject({
      fieldErrors: { 'dependents.1.dateOfBirth': [DATE_MESSAGES.birthInFuture] },
    });
  });

  it('applies it through the API: a date that is today somewhere on earth but not where the firm is', async () => {
    // Pago Pago (UTC-11) is always at least a day behind UTC+14, whatever the clock says.
    await store({ timeZone: 'Pacific/Pago_Pago', dateFormat: 'DD MMM YYYY' });
    const dateOfBirth = latestDateOnEarth(new Date());
    const admin = f.api('administrator');
    const lead = await admin.POST('/api/leads', { body: f.leadInput({ dateOfBirth }) });
    expect(lead.response.status, JSON.stringify(lead.error)).toBe(400);
    expect(lead.error?.fieldErrors).toEqual({ dateOfBirth: [DATE_MESSAGES.birthInFuture] });
    const client = await admin.POST('/api/clients', {
      body: f.clientInput({
        spouseDateOfBirth: dateOfBirth,
        maritalStatus: 'Married',
        spouseFirstName: 'Li',
        spouseLastName: 'Zhang',
        spouseNationality: 'China',
      }),
    });
    expect(client.response.status, JSON.stringify(client.error)).toBe(400);
    expect(client.error?.fieldErrors).toEqual({ spouseDateOfBirth: [DATE_MESSAGES.birthInFuture] });
  });
});
