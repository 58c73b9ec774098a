// The one way a route answers with a stored file (payment evidence, a template's logo): its real type and
// size, shown inline under its name, never sniffed, and read afresh (a replaced file keeps no stale copy).
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

export type StoredFileAnswer = { stream: Readable; size: number; contentType: string; filename: string };

export function sendStoredFile(reply: FastifyReply, file: StoredFileAnswer) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', file.size)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', `inline; filename="${file.filename}"`)
    .header('Cache-Control', 'private, no-cache')
    .send(file.stream);
}
