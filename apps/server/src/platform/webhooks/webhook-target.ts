// Where a webhook goes and how one is sent (docs/decisions/0034). The URL is typed in a browser, so it is
// held to the same address check as the email provider (smtp-destination.ts, decision 0029): a private,
// loopback or link-local receiver only when the operator allows it (WEBHOOK_ALLOW_PRIVATE=true), and then
// plain http only to such an address. The name is resolved once and the socket connects only to the
// addresses that were checked. A POST is signed, given 10 seconds, and never follows a redirect; the
// receiver's answer is reduced to its status code.
import { createHmac } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_HEADERS, WEBHOOK_MESSAGES, type WebhookOutcome } from '@crm/domain';
import { checkedLookup, isPrivateAddress, PrivateAddressRefused } from '../settings/smtp-destination.ts';

/** The whole attempt, connection included: a receiver should answer at once and work afterwards. */
const TIMEOUT_MS = 10_000;

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Why a URL may not be saved, or null. Names are checked when they are resolved, at each delivery. */
export function webhookUrlRefusal(value: string, allowPrivate: boolean): string | null {
  if (value === '') return null;
  const url = new URL(value);
  const host = hostOf(url);
  const literal = isIP(host) !== 0 || host.toLowerCase() === 'localhost';
  const privateHost = host.toLowerCase() === 'localhost' || isPrivateAddress(host);
  if (url.protocol === 'http:') {
    if (!allowPrivate) return WEBHOOK_MESSAGES.https;
    if (literal && !privateHost) return WEBHOOK_MESSAGES.httpOnlyPrivate;
    return null;
  }
  return privateHost && !allowPrivate ? WEBHOOK_MESSAGES.privateAddress : null;
}

/** Plain http leaves the firm's network never: a name must resolve to private addresses only. */
class PublicAddressOverHttp extends Error {
  readonly code = 'EPUBLICHTTP';
}

const privateOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { all: true }, (error, found) => {
    if (error) return callback(error, '', 0);
    if (found.length === 0 || found.some((a) => !isPrivateAddress(a.address)))
      return callback(new PublicAddressOverHttp(WEBHOOK_MESSAGES.httpOnlyPrivate), '', 0);
    const addresses = found.filter((a) => !options.family || a.family === options.family);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

export type WebhookTarget = { url: string; secret: string };
export type AttemptResult = { outcome: WebhookOutcome; httpStatus: number | null };

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (Stripe's scheme): what a receiver checks. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

function classify(error: unknown): AttemptResult {
  const e = (error ?? {}) as { code?: unknown; name?: unknown };
  if (error instanceof PrivateAddressRefused || e.code === 'EPRIVATEADDRESS')
    return { outcome: 'private_address', httpStatus: null };
  if (e.name === 'AbortError' || e.name === 'TimeoutError' || e.code === 'ETIMEDOUT' || e.code === 'ABORT_ERR')
    return { outcome: 'timed_out', httpStatus: null };
  return { outcome: 'could_not_connect', httpStatus: null };
}

/** One signed POST of `body`; never throws. */
export async function postWebhook(
  target: WebhookTarget,
  event: { id: string; type: string; body: string },
  allowPrivate: boolean,
): Promise<AttemptResult> {
  if (webhookUrlRefusal(target.url, allowPrivate) !== null) return { outcome: 'private_address', httpStatus: null };
  const url = new URL(target.url);
  const host = hostOf(url);
  // An IP address is not looked up (net connects to it as it is): webhookUrlRefusal checked it. A name is
  // resolved once, through the check, and connected to only at the addresses checked.
  const lookup =
    isIP(host) !== 0
      ? undefined
      : !allowPrivate
        ? checkedLookup()
        : url.protocol === 'http:'
          ? privateOnlyLookup
          : undefined;
  const timestamp = Math.floor(Date.now() / 1000);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  try {
    const status = await new Promise<number>((resolve, reject) => {
      const request = send(
        url,
        {
          method: 'POST',
          // A connection of its own: nothing kept open to the receiver between events.
          agent: false,
          ...(lookup ? { lookup } : {}),
          signal: AbortSignal.timeout(TIMEOUT_MS),
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(event.body),
            'User-Agent': 'Visa-CRM-Webhooks/1',
            [WEBHOOK_HEADERS.signature]: webhookSignature(target.secret, timestamp, event.body),
            [WEBHOOK_HEADERS.event]: event.type,
            [WEBHOOK_HEADERS.id]: event.id,
          },
        },
        (response: IncomingMessage) => {
          // Only the status counts: the body is never read, and a redirect is an answer, not followed.
          resolve(response.statusCode ?? 0);
          response.destroy();
        },
      );
      request.on('error', reject);
      request.end(event.body);
    });
    return { outcome: status >= 200 && status < 300 ? 'delivered' : 'http_status', httpStatus: status };
  } catch (error) {
    return classify(error);
  }
}
