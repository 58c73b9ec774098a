// Imports that cannot exhaust the server (issue 28 item 1). Workbooks built to unpack to gigabytes, to nest
// XML millions deep, to have 1,500 parts, to pack one part 1,000 to 1, to lie about their sizes or to expand
// entities, all uploaded at once: each is refused in a 400
// with its message and nothing is written, while the server goes on answering other requests and its
// memory stays far below what the finding exhausted (one such upload took it from 0.05 to 3 GB and over).
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type ImportPreview } from '@crm/domain';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import * as bombs from '../../../test/workbook-bombs.ts';
import { importRuns, leads } from '../../db/schema/index.ts';

/** Half of what the finding reached; the process holds its database (PGlite) too. */
const RSS_LIMIT = 1.5 * 1024 * 1024 * 1024;

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  cookie = await t.signIn('administrator');
});
afterAll(async () => {
  await t?.close();
});

const BOUNDARY = '----crmbombboundary';
function upload(url: string, bytes: Buffer) {
  const payload = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="leads.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
    payload,
  });
}

const rowsIn = async (table: typeof leads | typeof importRuns) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

it('refuses every bomb with its message, the server answering meanwhile and its memory bounded', async () => {
  const cases = [
    { name: 'shared strings of 3.9 GB', bytes: bombs.sharedStringsBomb(), message: IMPORT_MESSAGES.unpackedTooLarge },
    { name: 'XML nested millions deep', bytes: bombs.nestedXmlBomb(), message: IMPORT_MESSAGES.tooComplex },
    { name: '1,500 sheets', bytes: bombs.manySheetsBomb(), message: IMPORT_MESSAGES.tooManyParts },
    { name: 'a part packed 1,000 to 1', bytes: bombs.highRatioBomb(), message: IMPORT_MESSAGES.packedTooTightly },
    { name: 'sizes that lie', bytes: bombs.lyingSizesBomb(), message: IMPORT_MESSAGES.unreadable },
    { name: 'entities of entities', bytes: bombs.entityBomb(), message: IMPORT_MESSAGES.unreadable },
  ];
  // The bombs that get past every declared limit and stop at the worker's memory cap.
  const capped = new Set(['XML nested millions deep', 'import: XML nested']);
  const [leadsBefore, runsBefore] = [await rowsIn(leads), await rowsIn(importRuns)];

  const pending = new Set<string>();
  const track = <T>(name: string, answer: Promise<T>) => {
    pending.add(name);
    return answer.finally(() => pending.delete(name));
  };
  const previews = cases.map(({ name, bytes }) => track(name, upload('/api/imports/leads/preview', bytes)));
  // The import itself reads the file the same way: refused, nothing written.
  const imported = track('import: XML nested', upload('/api/imports/leads?mode=skip_invalid', bombs.nestedXmlBomb()));
  // A good workbook from the same builder, sent among them: read as ever.
  const plain = track('plain', upload('/api/imports/leads/preview', bombs.plainWorkbook()));

  let answers = 0;
  let answersWhileCapped = 0;
  let peakRss = process.memoryUsage.rss();
  while (pending.size > 0) {
    const url = answers % 2 === 0 ? '/api/auth/session' : '/api/leads';
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode, url).toBe(200);
    answers += 1;
    if ([...pending].some((name) => capped.has(name))) answersWhileCapped += 1;
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    // A poll's pace, not a wait for anything: an injected request can complete without leaving the
    // microtask queue (PGlite answers in-process), so back to back they would starve the workers' messages.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  const refused = await Promise.all(previews);
  refused.forEach((res, i) => {
    expect(res.statusCode, cases[i]!.name).toBe(400);
    expect(res.json().message, cases[i]!.name).toBe(cases[i]!.message);
  });
  const importAnswer = await imported;
  expect(importAnswer.statusCode).toBe(400);
  expect(importAnswer.json().message).toBe(IMPORT_MESSAGES.tooComplex);
  const plainAnswer = await plain;
  expect(plainAnswer.statusCode, plainAnswer.body).toBe(200);
  expect(plainAnswer.json() as ImportPreview).toMatchObject({
    fileType: 'xlsx',
    headers: ['First Name', 'Last Name'],
    rows: [['Amira', 'Haddad']],
  });

  expect([await rowsIn(leads), await rowsIn(importRuns)]).toEqual([leadsBefore, runsBefore]);
  // The server answered while a worker was filling its memory towards the cap.
  expect(answersWhileCapped).toBeGreaterThan(0);
  expect(peakRss).toBeLessThan(RSS_LIMIT);
});
