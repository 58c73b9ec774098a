// Who deletes a lead's or client's services, tasks and notes (issue 28 item 5; spec 1 §6.2, DECISIONS.md §2,
// decision 0027): each role, on a lead and on a client it sees, deletes the entries it wrote, those someone
// else wrote and a task it was given. Only the roles with the delete action may; every other answer is 403
// and the entry stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role, ROLES, SERVICE_MESSAGES, TASK_MESSAGES } from '@crm/domain';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';

let f: Fixture;
const records: Record<'lead' | 'client', string> = { lead: '', client: '' };

beforeAll(async () => {
  f = await createFixture();
  // The consultant is the assistant manager of both, so every role sees them.
  records.lead = (await f.createLead('administrator', { assistantManagerUserId: f.idOf('consultant') })).id;
  const client = await f.call(
    'administrator',
    'POST',
    '/api/clients',
    f.clientInput({ assistantManagerUserId: f.idOf('consultant') }),
  );
  expect(client.statusCode, client.body).toBe(201);
  records.client = client.json().id;
});
afterAll(async () => {
  await f?.t.close();
});

/** Spec 1 §6.2 with DECISIONS.md §2 (supervisor never deletes), written out rather than read from the matrix. */
const DELETERS: Role[] = ['account_administrator', 'administrator'];
/** Everyone but guest (view only) writes services, tasks and notes on a record it sees. */
const WRITERS: Role[] = ROLES.filter((role) => role !== 'guest');

type Entry = { what: string; url: string; refusal: string };

async function addService(kind: 'lead' | 'client', by: Role): Promise<Entry> {
  const res = await f.call(by, 'POST', `/api/${kind}s/${records[kind]}/services`, { serviceName: 'Other' });
  expect(res.statusCode, res.body).toBe(201);
  return {
    what: `a service added by ${by}`,
    url: `/api/services/${res.json().id}`,
    refusal: SERVICE_MESSAGES.deleteRefused,
  };
}

async function addEntry(kind: 'lead' | 'client', by: Role, entry: 'task' | 'note', assignedTo?: Role): Promise<Entry> {
  const body =
    entry === 'note'
      ? { taskType: 'Notes', content: `<p>A note by ${by}</p>` }
      : {
          taskType: 'File Review',
          taskName: `Review by ${by}`,
          content: 'x',
          ...(assignedTo ? { assignedTo: f.idOf(assignedTo) } : {}),
        };
  const res = await f.call(by, 'POST', `/api/${kind}s/${records[kind]}/tasks`, body);
  expect(res.statusCode, res.body).toBe(201);
  const what = `a ${entry} written by ${by}${assignedTo ? ` for ${assignedTo}` : ''}`;
  return { what, url: `/api/tasks/${res.json().id}`, refusal: TASK_MESSAGES.deleteRefused };
}

describe('deleting a record’s services, tasks and notes, role by role', () => {
  for (const kind of ['lead', 'client'] as const) {
    for (const role of ROLES) {
      const someoneElse: Role = role === 'administrator' ? 'account_administrator' : 'administrator';
      it(`${role} on a ${kind}: its own and others' entries`, async () => {
        const entries: Entry[] = [
          await addService(kind, someoneElse),
          await addEntry(kind, someoneElse, 'task'),
          await addEntry(kind, someoneElse, 'note'),
          await addEntry(kind, someoneElse, 'task', role),
        ];
        if (WRITERS.includes(role)) {
          entries.push(
            await addService(kind, role),
            await addEntry(kind, role, 'task'),
            await addEntry(kind, role, 'note'),
          );
        }
        for (const entry of entries) {
          const label = `${role} deleting ${entry.what} on a ${kind}`;
          const res = await f.call(role, 'DELETE', entry.url, entry.url.startsWith('/api/services') ? {} : undefined);
          const after = await f.call('account_administrator', 'GET', entry.url);
          if (DELETERS.includes(role)) {
            expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
            expect(after.statusCode, label).toBe(404);
          } else {
            expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
            expect(res.json().message, label).toBe(entry.refusal);
            expect(after.statusCode, `${label}: the entry stays`).toBe(200);
          }
        }
      });
    }
  }

  it('keeps the supervisor and the member, who open Finance, from deleting on the overview too', async () => {
    const service = await addService('client', 'administrator');
    for (const role of ['supervisor', 'member'] as const) {
      const res = await f.call(role, 'DELETE', service.url, { reason: 'Deleted by admin' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(SERVICE_MESSAGES.deleteRefused);
    }
    expect((await f.call('administrator', 'DELETE', service.url, { reason: 'Deleted by admin' })).statusCode).toBe(200);
  });
});
