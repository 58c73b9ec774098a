// Exports of the lists (issue 15 item 6): the same rows as the list for the same filters, CSV and Excel,
// formulas neutralised, refused for consultant and guest.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { fixtureForFile } from '../../../test/record-fixtures.ts';

const f = fixtureForFile();

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

// The files are read as bytes with their headers, and a bad format is sent on purpose: raw calls, but for
// the refusals.
describe('GET /api/{leads|clients|contacts}/export', () => {
  it('exports the filtered leads as CSV and Excel; consultant and guest are refused', async () => {
    const marker = `Exp${[...Date.now().toString(36)].map((c) => String.fromCharCode(97 + (c.charCodeAt(0) % 26))).join('')}`;
    await f.createLead('administrator', { firstName: 'Ana', lastName: marker, leadStatus: 'New Lead Received' });
    await f.createLead('administrator', { firstName: 'Plain', lastName: marker, leadStatus: 'New Lead Received' });
    await f.createLead('administrator', { firstName: 'Other', lastName: marker, leadStatus: 'Ineligible' });

    const csv = await f.call(
      'administrator',
      'GET',
      `/api/leads/export?search=${marker}&status=${encodeURIComponent('New Lead Received')}`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="leads-export-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csvLines(csv.body);
    expect(lines[0]).toMatch(/^Lead ID,First Name,Middle Name,Last Name,Email/);
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.includes('Other'))).toBe(false);

    const xlsx = await f.call('administrator', 'GET', `/api/leads/export?search=${marker}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Leads')!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).getCell(1).value).toBe('Lead ID');

    for (const role of ['consultant', 'guest'] as const) {
      const refused = await f.api(role).GET('/api/leads/export');
      expect(refused.response.status).toBe(403);
    }
  });

  it('exports clients with their passport numbers and contacts, and refuses a bad format', async () => {
    const { client } = await f.convertedLead('administrator', { lastName: 'Passportholder' });
    const csv = await f.call('administrator', 'GET', '/api/clients/export?search=Passportholder');
    const lines = csvLines(csv.body);
    expect(lines[0]).toContain('Passport Number');
    expect(lines.some((line) => line.startsWith(client.displayId))).toBe(true);

    const contacts = await f.call('administrator', 'GET', '/api/contacts/export');
    expect(contacts.statusCode).toBe(200);
    expect(csvLines(contacts.body)[0]).toBe(
      'First Name,Middle Name,Last Name,Email,Contact Number,Company,Country of Residence,Status,Moved to Contacts',
    );
    const bad = await f.call('administrator', 'GET', '/api/clients/export?format=pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.format).toEqual(['Choose csv or xlsx']);
  });
});
