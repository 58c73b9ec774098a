// The one way a route answers with a stored file (payment evidence, a template's logo, a document's file):
// its real type and size, never sniffed, and never kept by a browser or proxy (a replaced file leaves no stale
// copy, a client's document no copy on a shared computer; every API answer is no-store). Images are
// shown inline; a document's file is a download ('attachment'), so the browser never renders it as a page.
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';

/** The query of an image the web shows by URL: `v` changes when the image does, so a browser fetches it anew. */
export const imageVersionQuery = z.object({
  v: z.string().max(40).optional().describe('Any value; the web app sends the record version to refresh its copy'),
});

export type StoredFileAnswer = {
  stream: Readable;
  size: number;
  contentType: string;
  filename: string;
  disposition?: 'inline' | 'attachment';
};

/** The Content-Disposition of a file name: an ASCII fallback and, for any other name, its UTF-8 form. */
export function contentDisposition(disposition: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return ascii === filename
    ? `${disposition}; filename="${ascii}"`
    : `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function sendStoredFile(reply: FastifyReply, file: StoredFileAnswer) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', file.size)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', contentDisposition(file.disposition ?? 'inline', file.filename))
    .header('Cache-Control', 'no-store')
    .send(file.stream);
}
