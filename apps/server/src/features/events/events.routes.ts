// GET /api/events: the signed-in user's live stream of change events (Server-Sent Events).
import type { FastifyInstance } from 'fastify';
import { findSessionUser } from '../auth/sessions.repository.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

const KEEP_ALIVE_MS = 25_000;
/** A stream outliving its session (sign-out, suspension) is ended at the next check. */
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
      },
    },
    async (request, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: 2000\n: connected\n\n`);
      const unsubscribe = app.changeHub.subscribe((event) => {
        res.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      const token = request.cookies[SESSION_COOKIE] ?? '';
      const sessionCheck = setInterval(() => {
        findSessionUser(app.db, token)
          .then((row) => {
            if (!row || row.user.status !== 'active') end();
          })
          .catch(() => end());
      }, SESSION_CHECK_MS);
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
