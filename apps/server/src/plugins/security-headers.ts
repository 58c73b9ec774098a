// Security headers on every response (helmet), with a Content-Security-Policy that allows no inline
// script and no eval. The <style> tags Mantine injects at run time are allowed by a fresh nonce per copy
// of index.html: the page carries NONCE_PLACEHOLDER, replaced by the nonce that the same response's
// policy names. The API docs page has a policy of its own (docsDirectives).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Written in apps/web/index.html (meta csp-nonce) and in the docs page; never sent to a browser. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

type Directives = Record<string, string[]>;

/** The policy of the web app (and of every other response); index.html adds its style nonce. */
export function appDirectives(styleNonce?: string): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': styleNonce ? ["'self'", `'nonce-${styleNonce}'`] : ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The API docs page (Scalar): its inline start-up script carries the page's nonce; its script file comes
 * from this server (/api/docs/js/scalar.js), not a CDN. Styles need 'unsafe-inline' here (and here only):
 * Scalar injects component CSS in <style> tags without a nonce (only its main stylesheet reads the
 * csp-nonce meta) and writes style="" attributes (setAttribute, and HTML it renders), which no nonce
 * can allow. A nonce in style-src would switch 'unsafe-inline' off, so style-src names none.
 */
export function docsDirectives(nonce: string): Directives {
  return {
    ...appDirectives(),
    'script-src': ["'self'", `'nonce-${nonce}'`],
    'style-src': ["'self'", "'unsafe-inline'"],
  };
}

// Only when the request came over HTTPS (directly, or as a trusted proxy's X-Forwarded-Proto says):
// the app is also served over plain HTTP (localhost, LANs), where browsers ignore HSTS (RFC 6797 §8.1).
const HSTS = { maxAge: 31_536_000, includeSubDomains: true };

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    // Exactly these directives: helmet's defaults would add style-src 'unsafe-inline' and
    // upgrade-insecure-requests, which breaks the app where it is served over plain HTTP on a LAN.
    contentSecurityPolicy: { useDefaults: false, directives: appDirectives() },
    strictTransportSecurity: false, // added below, per request
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.helmet({ strictTransportSecurity: HSTS });
  });
  // Every API answer — JSON, an error, a PDF or a file — is the firm's data as one signed-in user may see it
  // now: no browser cache, shared computer's disk or proxy keeps a copy (issue 28). The web app's own files
  // keep their caching (static-cache.ts, index.html's no-cache).
  app.addHook('onSend', async (request, reply, payload) => {
    // The same test as the not-found handler's (app.ts): what starts with /api is never the web app.
    if (request.url.startsWith('/api')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** A nonce for one response: 128 random bits. */
function newNonce(): string {
  return randomBytes(16).toString('base64');
}

function setPolicy(reply: FastifyReply, directives: Directives) {
  reply.helmet({ contentSecurityPolicy: { useDefaults: false, directives } });
}

/**
 * Sends the web app's index.html (read once) with a fresh style nonce in the page and in the policy.
 * A cached copy stays valid as a whole (its nonce matches its own policy), so revalidation is enough.
 */
/**
 * `head` adds to the page's head per response (the firm's branding, which an administrator may change);
 * `title`, when it gives one, replaces the built page's title, so the tab shows the firm's name from the first
 * paint rather than the build's until the app sets its own.
 */
export function createIndexHtmlSender(
  indexHtmlPath: string,
  head: () => string = () => '',
  title: () => string | null = () => null,
) {
  const html = readFileSync(indexHtmlPath, 'utf8');
  /**
   * `frameAncestors`: this copy may be framed by the app itself and these sites (the public enquiry page,
   * whose preview the staff page frames); without it, by none.
   */
  return (reply: FastifyReply, frameAncestors?: readonly string[]) => {
    const nonce = newNonce();
    const directives = appDirectives(nonce);
    if (frameAncestors) directives['frame-ancestors'] = ["'self'", ...frameAncestors];
    setPolicy(reply, directives);
    // X-Frame-Options knows no list of sites (browsers that read frame-ancestors ignore it anyway). Set
    // after the policy: reply.helmet() writes helmet's whole set on the raw response again.
    if (frameAncestors && frameAncestors.length > 0) reply.raw.removeHeader('x-frame-options');
    else if (frameAncestors) reply.header('x-frame-options', 'SAMEORIGIN');
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(withTitle(html.replaceAll(NONCE_PLACEHOLDER, nonce), title()).replace('</head>', `${head()}</head>`));
  };
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const withTitle = (html: string, title: string | null) =>
  title ? html.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`) : html;

/**
 * For the context that registers Scalar (configured with `nonce: NONCE_PLACEHOLDER`): gives its page a
 * fresh nonce per response and the docs policy. Its other routes (script, JSON) keep the app policy.
 */
export function applyDocsPolicy(docs: FastifyInstance): void {
  docs.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload !== 'string' || !payload.includes(NONCE_PLACEHOLDER)) return payload;
    const nonce = newNonce();
    setPolicy(reply, docsDirectives(nonce));
    return payload.replaceAll(NONCE_PLACEHOLDER, nonce);
  });
}
