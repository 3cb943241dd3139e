import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, type AgentOptions as HttpAgentOptions } from 'node:http';
import { Agent, type AgentOptions, type RequestOptions } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';

/**
 * Where the server may send requests on a user's behalf (Web Push endpoints): public unicast addresses only.
 * Loopback, private, link-local, CGNAT, unspecified, broadcast, multicast, reserved, benchmarking and
 * documentation ranges are refused (ipaddr.js ranges: only `unicast` passes), so a subscription cannot make the
 * server reach its own network (SSRF). IPv6 beyond that:
 * - only global unicast 2000::/3 (refuses the IPv4-compatible ::a.b.c.d, site-local fec0::/10, unallocated space);
 * - an IPv4 address carried in ::ffff:a.b.c.d (mapped) or 64:ff9b::/96 (NAT64, as DNS64 answers on an
 *   IPv6-only network) is judged as that IPv4 address, so ::ffff:127.0.0.1 is loopback and 64:ff9b::808:808 public;
 * - 6to4 (2002::/16), Teredo (2001::/32), the local-use NAT64 prefix 64:ff9b:1::/48 and SIIT (::ffff:0:0/96) are
 *   refused whatever they carry: deprecated or local transition schemes that no push service publishes.
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

const strip = (address: string) => address.replace(/^\[|\]$/g, '');

/** The range an address literal belongs to; `unicast` is a public address. Throws on a non-address. */
export function addressRange(address: string): string {
  const parsed = ipaddr.parse(strip(address));
  if (parsed.kind() === 'ipv4') return parsed.range();
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'ipv4Mapped') return v6.toIPv4Address().range();
  if (range === 'rfc6052' && v6.match(NAT64_WELL_KNOWN)) {
    const b = v6.toByteArray();
    return new ipaddr.IPv4([b[12]!, b[13]!, b[14]!, b[15]!]).range();
  }
  if (range !== 'unicast') return range;
  if (!v6.match(GLOBAL_UNICAST_V6))
    return v6.parts.slice(0, 6).every((p) => p === 0) ? 'ipv4Compatible' : 'unallocated';
  return 'unicast';
}

export function isAllowedAddress(address: string, allowLoopback = false): boolean {
  if (!ipaddr.isValid(strip(address))) return false;
  const range = addressRange(address);
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

/** `localhost`, `*.localhost` (RFC 6761), with or without the final dot. */
const isLocalhostName = (host: string) => {
  const name = host.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
};

/**
 * Checks a push endpoint without resolving it (no DNS here): https only, no credentials, and no host that is
 * a refused address literal or a localhost name. WHATWG URL parsing normalises the host first (127.1,
 * 2130706433 and 0x7f.1 all become 127.0.0.1). Answers the Spanish reason, or undefined when acceptable.
 * Names are checked again when they are resolved, at send time (`guardedAgent`).
 */
export function endpointProblem(endpoint: string, allowLoopback = false): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'no es una URL válida';
  }
  if (url.protocol !== 'https:') return 'debe usar https';
  if (url.username || url.password) return 'no puede llevar credenciales';
  const host = strip(url.hostname);
  if (!host) return 'no tiene servidor';
  if (isLocalhostName(host)) return allowLoopback ? undefined : 'apunta a este mismo equipo';
  if (ipaddr.isValid(host) && !isAllowedAddress(host, allowLoopback))
    return 'apunta a una dirección privada o reservada';
  return undefined;
}

export interface GuardOptions {
  /** Loopback push services (a local test peer): PUSH_ALLOW_LOOPBACK. */
  allowLoopback?: boolean;
  /** Resolve no names and connect to loopback only (NODE_ENV=test): no test traffic leaves the machine. */
  offline?: boolean;
}

const refusedError = (target: string) =>
  Object.assign(new Error(`Destino no permitido: ${target} es una dirección privada o reservada`), {
    code: 'EADDRNOTALLOWED',
  }) as NodeJS.ErrnoException;

/** Whether a connection may go to this address literal (offline: loopback only). */
const mayConnect = (address: string, opts: GuardOptions) =>
  opts.offline
    ? (opts.allowLoopback ?? false) && addressRange(address) === 'loopback'
    : isAllowedAddress(address, opts.allowLoopback);

/**
 * A `lookup` for an HTTP agent that resolves the name and refuses to connect when no resolved address is
 * allowed: this also defeats DNS rebinding, because the address checked is the address connected to.
 */
export function guardedLookup(allowLoopback = false, opts: { offline?: boolean } = {}): LookupFunction {
  const guard: GuardOptions = { allowLoopback, offline: opts.offline };
  // Offline (NODE_ENV=test): no name is sent to a DNS resolver, so no test traffic leaves loopback.
  const resolve: typeof dnsLookup = opts.offline
    ? (((
        hostname: string,
        _options: unknown,
        cb: (e: NodeJS.ErrnoException | null, a: LookupAddress[]) => void,
      ) =>
        isLocalhostName(hostname)
          ? cb(null, [
              { address: '127.0.0.1', family: 4 },
              { address: '::1', family: 6 },
            ])
          : cb(
              Object.assign(new Error(`Sin resolución de nombres en pruebas: ${hostname}`), {
                code: 'ENOTFOUND',
              }),
              [],
            )) as unknown as typeof dnsLookup)
    : dnsLookup;
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      const done = callback as (e: NodeJS.ErrnoException | null, a?: unknown, f?: number) => void;
      if (error) return done(error);
      const allowed = addresses.filter((a) => mayConnect(a.address, guard));
      if (allowed.length === 0) return done(refusedError(hostname));
      if (options.all) return done(null, allowed);
      return done(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

/**
 * The only way out for requests made on a user's behalf: an agent that resolves names through
 * `guardedLookup` and, because Node connects to an address literal without calling `lookup` at all, checks
 * literals itself before opening a socket. https for push services; http too for webhook tools.
 */
export function guardedAgent(opts: GuardOptions & AgentOptions): Agent {
  const { allowLoopback, offline, ...rest } = opts;
  return new GuardedHttpsAgent({ allowLoopback, offline }, rest);
}

/** The same guard for plain-http targets (an agent's webhook tool may be http). */
export function guardedHttpAgent(opts: GuardOptions & HttpAgentOptions): HttpAgent {
  const { allowLoopback, offline, ...rest } = opts;
  return new GuardedHttpAgent({ allowLoopback, offline }, rest);
}

/** Refuses (through the callback) a connection to an address literal the guard does not allow. */
function refused(
  options: RequestOptions,
  guard: GuardOptions,
  callback?: (err: Error | null, s: Duplex) => void,
) {
  const host = strip(String(options.host ?? options.hostname ?? ''));
  if (!isIP(host) || mayConnect(host, guard)) return false;
  callback?.(refusedError(host), undefined as unknown as Duplex);
  return true;
}

class GuardedHttpsAgent extends Agent {
  constructor(
    private readonly guard: GuardOptions,
    options: AgentOptions,
  ) {
    super({ ...options, lookup: guardedLookup(guard.allowLoopback, { offline: guard.offline }) });
  }
  override createConnection(options: RequestOptions, callback?: (err: Error | null, stream: Duplex) => void) {
    return refused(options, this.guard, callback) ? undefined : super.createConnection(options, callback);
  }
}

class GuardedHttpAgent extends HttpAgent {
  constructor(
    private readonly guard: GuardOptions,
    options: HttpAgentOptions,
  ) {
    super({ ...options, lookup: guardedLookup(guard.allowLoopback, { offline: guard.offline }) });
  }
  override createConnection(options: RequestOptions, callback?: (err: Error | null, stream: Duplex) => void) {
    return refused(options, this.guard, callback) ? undefined : super.createConnection(options, callback);
  }
}
