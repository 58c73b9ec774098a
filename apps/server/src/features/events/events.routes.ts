// GET /api/events: the signed-in user's live stream of change events (Server-Sent Events), carrying
// only the events about what that user may see (event-audience.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { normalizeRole } from '@crm/domain';
import type { Viewer } from '../../db/list-query.ts';
import { requireUser, SESSION_COOKIE } from '../../plugins/session.ts';
import { findSessionUser } from '../../platform/credentials/sessions.repository.ts';
import { mayReceive } from './event-audience.ts';

const KEEP_ALIVE_MS = 25_000;
/** A stream outliving its session (sign-out, expiry) is ended at the next check; a suspension at once. */
const SESSION_CHECK_MS = 60_000;

export async function eventsRoutes(app: FastifyInstance) {
  const openStreams = new Set<() => void>();
  // preClose, not onClose: the server waits for open connections, so streams must end first.
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });

  app.get(
    '/api/events',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['live updates'],
        summary: 'Stream of change events (text/event-stream); each data line is a ChangeEvent',
        response: {
          200: {
            description: 'Server-Sent Events: `event: change` with a ChangeEvent as JSON on its data line',
            content: { 'text/event-stream': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const viewer: Viewer = { id: user.id, role: user.role };
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        // Hijacked, so the onSend hook that makes every API answer no-store does not run: said here.
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: 2000\n: connected\n\n`);
      // Each event is checked against what this user may see; a chain keeps them in their order.
      let delivery = Promise.resolve();
      const token = request.cookies[SESSION_COOKIE] ?? '';
      const checkSession = () => {
        findSessionUser(app.db, token)
          .then((row) => {
            if (!row || row.user.status !== 'active') end();
            else viewer.role = normalizeRole(row.user.role);
          })
          .catch(() => end());
      };
      const unsubscribe = app.changeHub.subscribe((event) => {
        // The user's own account changed (suspended, deleted, new role), or maintenance mode may have
        // ended its session: the stream follows at once.
        if ((event.resource === 'user' && event.id === viewer.id) || event.id === 'general_settings') checkSession();
        delivery = delivery
          .then(async () => {
            if (res.writableEnded) return;
            if ((await mayReceive(app.db, viewer, app.accessPolicy.moduleAccess(), event)) && !res.writableEnded) {
              res.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
            }
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'live event not delivered'));
      });
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      const sessionCheck = setInterval(checkSession, SESSION_CHECK_MS);
      const close = () => {
        clearInterval(keepAlive);
        clearInterval(sessionCheck);
        unsubscribe();
        openStreams.delete(end);
      };
      const end = () => {
        close();
        res.end();
      };
      openStreams.add(end);
      request.raw.on('close', close);
    },
  );
}
