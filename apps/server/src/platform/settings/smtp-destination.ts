// Where the email provider saved in Integrations may be reached (issue 28). The host is typed in a browser,
// so without a check the firm's server would connect wherever it is told: to its own loopback services, the
// cloud's metadata address or the office network behind it. A loopback, link-local or private address is
// refused unless the operator allows it (SMTP_ALLOW_PRIVATE=true, an on-premises relay). The name is
// resolved once, every address it has is checked, and the socket connects only to those addresses: a
// second lookup could answer differently (DNS rebinding). SMTP_URL is the operator's own and never checked.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, connect, isIP, type LookupFunction } from 'node:net';
import type { SMTPTransportGetSocket } from 'nodemailer/lib/smtp-transport/index.js';

/** IPv4 ranges that are not the public internet (RFC 6890): this network, private, shared, loopback, link-local, … */
const IPV4_RANGES: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/** IPv6 ranges of the same kind: unspecified, loopback, unique local, link- and site-local, multicast, discard, local NAT64. */
const IPV6_RANGES: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['100::', 64],
  ['64:ff9b:1::', 48],
];

const hex = (a: number, b: number) => ((a << 8) | b).toString(16);

function privateAddresses(): BlockList {
  const list = new BlockList();
  for (const [address, prefix] of IPV4_RANGES) {
    // BlockList matches an IPv4-mapped IPv6 address (::ffff:127.0.0.1) against the IPv4 rules itself.
    list.addSubnet(address, prefix, 'ipv4');
    // An IPv4 address carried inside an IPv6 one reaches the same host: NAT64 (64:ff9b::/96), 6to4
    // (2002::/16) and the old IPv4-compatible form (::/96).
    const [a, b, c, d] = address.split('.').map(Number) as [number, number, number, number];
    const v4 = `${hex(a, b)}:${hex(c, d)}`;
    list.addSubnet(`64:ff9b::${v4}`, 96 + prefix, 'ipv6');
    list.addSubnet(`2002:${v4}::`, 16 + prefix, 'ipv6');
    list.addSubnet(`::${v4}`, 96 + prefix, 'ipv6');
  }
  for (const [address, prefix] of IPV6_RANGES) list.addSubnet(address, prefix, 'ipv6');
  return list;
}

const PRIVATE = privateAddresses();

/** Whether an IP address is loopback, link-local, private or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // A zone (fe80::1%eth0) names an interface, not another address.
  return PRIVATE.check(address.split('%')[0]!, family === 6 ? 'ipv6' : 'ipv4');
}

/** The refusal; mail-delivery files it under 'could_not_connect', the test email says what it was. */
export class PrivateAddressRefused extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor() {
    super('The mail server is a private, loopback or link-local address');
  }
}

type ResolveAll = (hostname: string, callback: (error: Error | null, addresses: LookupAddress[]) => void) => void;

const resolveAll: ResolveAll = (hostname, callback) => dnsLookup(hostname, { all: true }, callback);

/** A lookup for net.connect that fails when any address of the name is private, and otherwise gives them all. */
export function checkedLookup(resolve: ResolveAll = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses = found.filter((a) => !options.family || a.family === options.family);
      if (found.some((a) => isPrivateAddress(a.address))) return callback(new PrivateAddressRefused(), '', 0);
      if (addresses.length === 0) {
        return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * nodemailer's getSocket: opens the connection itself, through the checked lookup, and hands it over;
 * nodemailer then runs TLS (checking the certificate against the host name) and SMTP on it.
 */
export function smtpSocket(allowPrivate: boolean, lookup: LookupFunction = checkedLookup()): SMTPTransportGetSocket {
  return (options, callback) => {
    const host = options.host ?? 'localhost';
    if (!allowPrivate && isPrivateAddress(host)) {
      setImmediate(() => callback(new PrivateAddressRefused()));
      return;
    }
    const socket = connect({
      host,
      port: Number(options.port),
      // An IP address is not looked up (net connects to it as it is): checked just above.
      ...(allowPrivate ? {} : { lookup }),
      autoSelectFamily: true,
      timeout: options.connectionTimeout,
    });
    const onError = (error: Error) => finish(error);
    const onTimeout = () => finish(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' }));
    const finish = (error: Error | null) => {
      socket.off('error', onError).off('timeout', onTimeout).off('connect', onConnect);
      if (error) {
        socket.destroy();
        callback(error);
        return;
      }
      socket.setTimeout(0);
      callback(null, { connection: socket });
    };
    const onConnect = () => finish(null);
    socket.once('connect', onConnect).once('error', onError).once('timeout', onTimeout);
  };
}
