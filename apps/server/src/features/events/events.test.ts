// Live updates end to end: a write commits, PostgreSQL NOTIFY reaches the app's listener, and the
// change event arrives on an open Server-Sent Events stream over a real HTTP connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChangeEvent, DEFAULT_SECURITY_SETTINGS } from '@crm/domain';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  // fetch (undici) opens a spare connection after a cancelled body and keeps it for its 4 s keep-alive;
  // it never carried a request, so the server would wait for it. Streams themselves end in preClose.
  t?.app.server.closeAllConnections();
  await t?.close();
});

type Frame = { event: string | null; data: string };

/** Reads SSE frames off the response body as they come; waitFor resolves on the first match. */
function readFrames(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const frames: Frame[] = [];
  const comments: string[] = [];
  let waiters: (() => void)[] = [];
  let buffer = '';
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        comments.push(...lines.filter((l) => l.startsWith(':')).map((l) => l.slice(1).trim()));
        const event =
          lines
            .find((l) => l.startsWith('event:'))
            ?.slice(6)
            .trim() ?? null;
        const data = lines
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trim())
          .join('\n');
        if (data) frames.push({ event, data });
      }
      for (const wake of waiters) wake();
    }
  })().catch(() => {});

  async function waitFor(predicate: (frame: Frame) => boolean, timeoutMs = 30_000, from = 0): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = frames.slice(from).find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No matching event within ${timeoutMs} ms; got ${JSON.stringify(frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      waiters = [];
    }
  }

  return {
    frames,
    comments,
    waitFor,
    close: async () => {
      await reader.cancel().catch(() => {});
      await pump;
    },
  };
}

/** Polls a condition; the generous limit only bounds a broken run, a passing one returns at once. */
async function waitUntil(check: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('GET /api/events', () => {
  it('answers 401 when signed out', async () => {
    const res = await fetch(`${baseUrl}/api/events`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('streams a change event for a committed profile update, and none for a refused one', async () => {
    const cookie = await t.signIn('member');
    const profile = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json();

    const res = await fetch(`${baseUrl}/api/events`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = readFrames(res.body!);
    try {
      await waitUntil(() => t.app.changeHub.size() === 1);
      expect(stream.frames).toHaveLength(0);

      const patch = await t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { cookie },
        payload: { firstName: 'Live', lastName: 'Update', version: profile.version },
      });
      expect(patch.statusCode).toBe(200);

      const frame = await stream.waitFor((f) => f.event === 'change');
      const event = JSON.parse(frame.data) as ChangeEvent;
      expect(event).toMatchObject({ resource: 'user', action: 'UPDATE_PROFILE', id: profile.id, actorId: profile.id });
      expect(Number.isNaN(Date.parse(event.at))).toBe(false);
      expect(stream.comments).toContain('connected');

      // A stale edit is rolled back and never announced: the next event is the password change.
      const seen = stream.frames.length;
      const stale = await t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { cookie },
        payload: { firstName: 'Stale', lastName: 'Edit', version: profile.version },
      });
      expect(stale.statusCode).toBe(409);
      const password = await t.app.inject({
        method: 'POST',
        url: '/api/profile/password',
        headers: { cookie },
        payload: {
          currentPassword: TEST_PASSWORD,
          newPassword: 'Brand-New-Pass-42!',
          confirmPassword: 'Brand-New-Pass-42!',
        },
      });
      expect(password.statusCode).toBe(200);
      const next = await stream.waitFor((f) => f.event === 'change', 30_000, seen);
      expect(JSON.parse(next.data)).toMatchObject({ resource: 'user', action: 'CHANGE_PASSWORD', id: profile.id });
      expect(stream.frames.slice(seen).map((f) => JSON.parse(f.data).action)).not.toContain('UPDATE_PROFILE');
    } finally {
      await stream.close();
    }
    // The server lets go of a stream the browser closed.
    await waitUntil(() => t.app.changeHub.size() === 0);
  });
});

describe('who receives which events', () => {
  it('a consultant receives events about its own records only; an administrator about all', async () => {
    const admin = await t.signIn('administrator');
    const consultantCookie = await t.signIn('consultant');
    const me = (
      await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: consultantCookie } })
    ).json();
    const supervisorCookie = await t.signIn('supervisor');
    const supervisorId = (
      await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: supervisorCookie } })
    ).json().id as string;
    const create = async (email: string, contactNumber: string, migrationAgentUserId?: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: { cookie: admin },
        payload: {
          firstName: 'Ana',
          lastName: 'Reyes',
          dateOfBirth: '1990-02-03',
          nationality: 'Philippines',
          countryOfResidence: 'Philippines',
          email,
          contactNumber,
          applicantLocation: 'Outside Australia',
          leadStatus: 'New Lead Received',
          leadSource: 'Website',
          managerUserId: supervisorId,
          assistantManagerUserId: supervisorId,
          ...(migrationAgentUserId ? { migrationAgentUserId } : {}),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };

    const consultantStream = readFrames(
      (await fetch(`${baseUrl}/api/events`, { headers: { cookie: consultantCookie } })).body!,
    );
    const adminStream = readFrames((await fetch(`${baseUrl}/api/events`, { headers: { cookie: admin } })).body!);
    try {
      await waitUntil(() => t.app.changeHub.size() === 2);
      const someoneElses = await create('not.mine@example.com', '+61 400 111 222');
      const mine = await create('mine@example.com', '+61 400 111 333', me.id);

      // Events reach a stream in order: once the consultant has its own lead's event, the other one was
      // checked before it and left out.
      await consultantStream.waitFor((f) => JSON.parse(f.data).id === mine);
      expect(consultantStream.frames.map((f) => JSON.parse(f.data).id)).not.toContain(someoneElses);
      await adminStream.waitFor((f) => JSON.parse(f.data).id === mine);
      expect(adminStream.frames.map((f) => JSON.parse(f.data).id)).toContain(someoneElses);
      // Another user's profile change reaches neither the consultant's stream nor carries anything for it;
      // besides leads, only its own notifications (it was made the migration agent of its lead).
      expect(
        consultantStream.frames.every((f) => {
          const event = JSON.parse(f.data) as ChangeEvent;
          return event.resource === 'lead' || (event.resource === 'notification' && event.id === me.id);
        }),
      ).toBe(true);
    } finally {
      await consultantStream.close();
      await adminStream.close();
    }
  });

  it('tells every user that the security settings changed (the password forms follow), naming only the key', async () => {
    const owner = await t.signIn('account_administrator');
    const guestStream = readFrames(
      (await fetch(`${baseUrl}/api/events`, { headers: { cookie: await t.signIn('guest') } })).body!,
    );
    const save = (requireSymbols: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings/security',
        headers: { cookie: owner },
        payload: { ...DEFAULT_SECURITY_SETTINGS, requireSymbols },
      });
    try {
      await waitUntil(() => t.app.changeHub.size() >= 1);
      expect((await save(false)).statusCode).toBe(200);
      const frame = await guestStream.waitFor((f) => JSON.parse(f.data).id === 'security_settings');
      expect(JSON.parse(frame.data)).toMatchObject({ resource: 'settings', id: 'security_settings' });
      expect(frame.data).not.toContain('requireSymbols');
    } finally {
      expect((await save(true)).statusCode).toBe(200);
      await guestStream.close();
    }
  });

  it("tells a task's assignees, before and after, that their tasks changed, and no one else", async () => {
    const admin = await t.signIn('administrator');
    const consultantCookie = await t.signIn('consultant');
    const idOf = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json().id as string;
    const consultantId = await idOf(consultantCookie);
    // Not the member: an earlier test changed its password.
    const teamLeadId = await idOf(await t.signIn('team_lead'));
    const supervisorId = await idOf(await t.signIn('supervisor'));
    const call = async (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) => {
      const res = await t.app.inject({ method, url, headers: { cookie: admin }, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    const lead = await call('POST', '/api/leads', {
      firstName: 'Tomas',
      lastName: 'Silva',
      dateOfBirth: '1991-05-06',
      nationality: 'Brazil',
      countryOfResidence: 'Brazil',
      email: 'tomas.silva@example.com',
      contactNumber: '+61 400 111 444',
      applicantLocation: 'Outside Australia',
      leadStatus: 'New Lead Received',
      leadSource: 'Website',
      managerUserId: supervisorId,
      assistantManagerUserId: supervisorId,
    });

    const stream = readFrames((await fetch(`${baseUrl}/api/events`, { headers: { cookie: consultantCookie } })).body!);
    try {
      await waitUntil(() => t.app.changeHub.size() === 1);
      const events = () => stream.frames.map((f) => JSON.parse(f.data) as ChangeEvent);
      const task = await call('POST', `/api/leads/${lead.id}/tasks`, {
        taskType: 'File Review',
        taskName: 'Check the file',
        content: 'x',
        assignedTo: consultantId,
      });
      await stream.waitFor((f) => JSON.parse(f.data).action === 'CREATE_TASK_NOTE');
      expect(events().filter((e) => e.resource === 'my_tasks')).toEqual([
        expect.objectContaining({ action: 'CREATE_TASK_NOTE', id: consultantId }),
      ]);
      // Given to someone else: the consultant no longer sees the lead, yet hears that its tasks changed.
      const seen = stream.frames.length;
      await call('PATCH', `/api/tasks/${task.id}`, { assignedTo: teamLeadId, version: task.version });
      await stream.waitFor((f) => JSON.parse(f.data).action === 'UPDATE_TASK_NOTE', 30_000, seen);
      // The consultant's own notification events (the task given to it) may arrive any time: not this rule's.
      const after = events()
        .slice(seen)
        .filter((e) => e.resource !== 'notification');
      expect(after).toEqual([
        expect.objectContaining({ resource: 'my_tasks', action: 'UPDATE_TASK_NOTE', id: consultantId }),
      ]);
      // The member's own event, and the lead's, went elsewhere: a later event of the consultant's arrives
      // after them, so they were checked and left out.
      await call('POST', `/api/leads/${lead.id}/tasks`, {
        taskType: 'File Review',
        taskName: 'Back to you',
        content: 'x',
        assignedTo: consultantId,
      });
      await stream.waitFor((f) => JSON.parse(f.data).action === 'CREATE_TASK_NOTE', 30_000, seen + 1);
      expect(events().filter((e) => e.resource === 'my_tasks' && e.id !== consultantId)).toEqual([]);
    } finally {
      await stream.close();
    }
  });
});
