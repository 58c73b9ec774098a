// Who deletes a lead's or client's services, tasks and notes (issue 28 item 5; spec 1 §6.2, DECISIONS.md §2,
// decision 0027): each role, on a lead and on a client it sees, deletes the entries it wrote, those someone
// else wrote and a task it was given. Only the roles with the delete action may; every other answer is 403
// and the entry stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role, ROLES, SERVICE_MESSAGES, TASK_MESSAGES } from '@crm/domain';
import { idPath, type JsonBody } from '../../../test/api-client.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';

let f: Fixture;
const records: Record<'lead' | 'client', string> = { lead: '', client: '' };

beforeAll(async () => {
  f = await createFixture();
  // The consultant is the assistant manager of both, so every role sees them.
  records.lead = (await f.createLead('administrator', { assistantManagerUserId: f.idOf('consultant') })).id;
  const client = await f.api('administrator').POST('/api/clients', {
    body: f.clientInput({ assistantManagerUserId: f.idOf('consultant') }),
  });
  expect(client.response.status, JSON.stringify(client.error)).toBe(201);
  records.client = client.data!.id;
});
afterAll(async () => {
  await f?.t.close();
});

/** Spec 1 §6.2 with DECISIONS.md §2 (supervisor never deletes), written out rather than read from the matrix. */
const DELETERS: Role[] = ['account_administrator', 'administrator'];
/** Everyone but guest (view only) writes services, tasks and notes on a record it sees. */
const WRITERS: Role[] = ROLES.filter((role) => role !== 'guest');

type Entry = { what: string; kind: 'service' | 'task'; id: string; refusal: string };

/** DELETE /api/services/:id (with its optional body, as the Services tab sends it) or /api/tasks/:id. */
const remove = (role: Role, entry: Entry) =>
  entry.kind === 'service'
    ? f.api(role).DELETE('/api/services/{id}', { ...idPath(entry.id), body: {} })
    : f.api(role).DELETE('/api/tasks/{id}', idPath(entry.id));
const read = (entry: Entry) =>
  entry.kind === 'service'
    ? f.api('account_administrator').GET('/api/services/{id}', idPath(entry.id))
    : f.api('account_administrator').GET('/api/tasks/{id}', idPath(entry.id));

async function addService(kind: 'lead' | 'client', by: Role): Promise<Entry> {
  const request = { ...idPath(records[kind]), body: { serviceName: 'Other' } };
  const res =
    kind === 'lead'
      ? await f.api(by).POST('/api/leads/{id}/services', request)
      : await f.api(by).POST('/api/clients/{id}/services', request);
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return {
    what: `a service added by ${by}`,
    kind: 'service',
    id: res.data!.id,
    refusal: SERVICE_MESSAGES.deleteRefused,
  };
}

async function addEntry(kind: 'lead' | 'client', by: Role, entry: 'task' | 'note', assignedTo?: Role): Promise<Entry> {
  const body: JsonBody<'/api/leads/{id}/tasks', 'post'> =
    entry === 'note'
      ? { taskType: 'Notes', content: `<p>A note by ${by}</p>` }
      : {
          taskType: 'File Review',
          taskName: `Review by ${by}`,
          content: 'x',
          ...(assignedTo ? { assignedTo: f.idOf(assignedTo) } : {}),
        };
  const request = { ...idPath(records[kind]), body };
  const res =
    kind === 'lead'
      ? await f.api(by).POST('/api/leads/{id}/tasks', request)
      : await f.api(by).POST('/api/clients/{id}/tasks', request);
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  const what = `a ${entry} written by ${by}${assignedTo ? ` for ${assignedTo}` : ''}`;
  return { what, kind: 'task', id: res.data!.id, refusal: TASK_MESSAGES.deleteRefused };
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
          const res = await remove(role, entry);
          const after = await read(entry);
          if (DELETERS.includes(role)) {
            expect(res.response.status, `${label}: ${JSON.stringify(res.error)}`).toBe(200);
            expect(after.response.status, label).toBe(404);
          } else {
            expect(res.response.status, `${label}: ${JSON.stringify(res.error)}`).toBe(403);
            expect(res.error?.message, label).toBe(entry.refusal);
            expect(after.response.status, `${label}: the entry stays`).toBe(200);
          }
        }
      });
    }
  }

  it('keeps the supervisor and the member, who open Finance, from deleting on the overview too', async () => {
    const service = await addService('client', 'administrator');
    const request = { ...idPath(service.id), body: { reason: 'Deleted by admin' } };
    for (const role of ['supervisor', 'member'] as const) {
      const res = await f.api(role).DELETE('/api/services/{id}', request);
      expect(res.response.status).toBe(403);
      expect(res.error?.message).toBe(SERVICE_MESSAGES.deleteRefused);
    }
    expect((await f.api('administrator').DELETE('/api/services/{id}', request)).response.status).toBe(200);
  });
});
