// Compressed answers for what is built per request: API JSON (a page of leads is tens of KB) and the API
// docs. Brotli or gzip, from 1 KB on (smaller answers gain less than the work costs).
// The web app's files are compressed once at build time (apps/web/build-plugins.ts) and served as they
// are (registerWebApp in app.ts): an answer that already has a Content-Encoding is left alone. The live
// stream (/api/events) writes to the socket itself (reply.hijack), so nothing here buffers it.
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Request bodies stay as they are: the input guard reads them as sent, and no client compresses.
    globalDecompression: false,
  });
}
