// How long browsers may keep the web app's files. Vite names every file under /assets/ after a hash of
// its content, so a changed file has a new name: those are kept a year and never revalidated. The other
// files keep their names from one version to the next: zod-jitless.js must match the bundle it runs
// before, so it is revalidated on every use (an ETag makes that a 304); the icon may be a day old.
// index.html is sent by createIndexHtmlSender (no-cache, with its nonce).
import { relative, sep } from 'node:path';
import type { FastifyReply } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const A_DAY = 'public, max-age=86400';

/** The Cache-Control of a file of the built web app, by its path inside the build folder. */
export function cacheControlFor(pathInBuild: string): string {
  const path = pathInBuild.split(sep).join('/');
  if (path.startsWith('assets/')) return IMMUTABLE;
  if (path.endsWith('.js') || path.endsWith('.css')) return REVALIDATE;
  return A_DAY;
}

/** @fastify/static's setHeaders: the file's Cache-Control (the path may be its .br or .gz copy). */
export function staticCacheHeaders(root: string) {
  return (reply: FastifyReply, filePath: string) => {
    reply.header('cache-control', cacheControlFor(relative(root, filePath)));
  };
}
