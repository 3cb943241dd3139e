import { lookup as dnsLookup, promises as dnsPromises, type LookupAddress } from 'node:dns';
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

/**
 * Destinations an operator allows explicitly (WEBHOOK_ALLOW_HOSTS, issue 49): host names (exact, any case, no
 * final dot) and address ranges (CIDRs, or single addresses). A listed name may resolve to any address, private or
 * loopback; a listed range lets any name (or literal) resolving into it through. Everything else keeps the guard's
 * rules, so loopback and link-local stay refused unless listed.
 */
export interface AllowList {
  hosts: string[];
  ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]>;
}

const hostName = (host: string) => strip(host).toLowerCase().replace(/\.+$/, '');
const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** Parses `host, 10.0.0.0/8, fd00::/8, 192.168.1.20`; throws an Error naming the entry that is neither. */
export function parseAllowList(value: string | undefined): AllowList {
  const list: AllowList = { hosts: [], ranges: [] };
  for (const raw of (value ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    if (entry.includes('://'))
      throw new Error(`'${entry}' lleva esquema: escribe solo el host (p. ej. intranet.local)`);
    if (entry.includes('/')) {
      try {
        const [range, bits] = ipaddr.parseCIDR(entry);
        list.ranges.push([range, bits]);
        continue;
      } catch {
        throw new Error(`'${entry}' no es un CIDR válido (p. ej. 10.0.0.0/8)`);
      }
    }
    if (ipaddr.isValid(strip(entry))) {
      const address = ipaddr.parse(strip(entry));
      list.ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
      continue;
    }
    const name = hostName(entry);
    if (!HOST_NAME.test(name))
      throw new Error(`'${entry}' no es un nombre de host, una dirección IP ni un CIDR`);
    list.hosts.push(name);
  }
  return list;
}

/** Whether a host name is listed. */
export const listedHost = (allow: AllowList | undefined, host: string) =>
  Boolean(allow?.hosts.includes(hostName(host)));

/** Whether an address literal falls in a listed range (an IPv4-mapped IPv6 address as its IPv4 address). */
export function listedAddress(allow: AllowList | undefined, address: string): boolean {
  if (!allow?.ranges.length || !ipaddr.isValid(strip(address))) return false;
  let parsed = ipaddr.parse(strip(address));
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return allow.ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
}

const rangeWords: Record<string, string> = {
  loopback: 'de este mismo equipo (loopback)',
  linkLocal: 'de enlace local',
  private: 'privada',
  uniqueLocal: 'privada',
  carrierGradeNat: 'privada (CGNAT)',
};

/**
 * Why a webhook tool's URL would be refused, without connecting anywhere (issue 49): a literal address or a
 * localhost name is judged here; a name is resolved (never offline) and refused only if none of its addresses may
 * be reached. Answers the Spanish reason, or undefined when the destination is allowed (or cannot be known yet: a
 * name that does not resolve now is judged again at each call).
 */
export async function destinationProblem(
  target: string,
  opts: GuardOptions,
  resolve: (host: string) => Promise<string[]> = async (host) =>
    (await dnsPromises.lookup(host, { all: true })).map((a) => a.address),
): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'La URL de la herramienta no es válida';
  }
  const host = strip(url.hostname);
  const advice = 'si la herramienta está en vuestra red, añade el host a WEBHOOK_ALLOW_HOSTS';
  if (listedHost(opts.allow, host)) return undefined;
  const judge = (address: string) => {
    if (isAllowedAddress(address, opts.allowLoopback) || listedAddress(opts.allow, address)) return undefined;
    const range = addressRange(address);
    return `Destino no permitido: ${address} es una dirección ${rangeWords[range] ?? 'reservada'}; ${advice}`;
  };
  if (ipaddr.isValid(host)) return judge(host);
  if (isLocalhostName(host))
    return opts.allowLoopback ? undefined : `Destino no permitido: ${host} es este mismo equipo; ${advice}`;
  if (opts.offline) return undefined;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return undefined;
  }
  const reasons = addresses.map(judge);
  if (addresses.length === 0 || reasons.some((r) => r === undefined)) return undefined;
  return `Destino no permitido: ${host} apunta a ${addresses.join(', ')}, una dirección privada o reservada; ${advice}`;
}

export interface GuardOptions {
  /** Loopback push services (a local test peer): PUSH_ALLOW_LOOPBACK. */
  allowLoopback?: boolean;
  /** Destinations allowed explicitly (WEBHOOK_ALLOW_HOSTS); the guard's other rules stay. */
  allow?: AllowList;
  /** Resolve no names and connect to loopback only (NODE_ENV=test): no test traffic leaves the machine. */
  offline?: boolean;
}

const refusedError = (target: string) =>
  Object.assign(new Error(`Destino no permitido: ${target} es una dirección privada o reservada`), {
    code: 'EADDRNOTALLOWED',
  }) as NodeJS.ErrnoException;

/**
 * Whether a connection may go to this address literal (offline: loopback only); `hostListed`: the name it was
 * resolved from is on the allow list.
 */
const mayConnect = (address: string, opts: GuardOptions, hostListed = false) => {
  const listed = hostListed || listedAddress(opts.allow, address);
  return opts.offline
    ? ((opts.allowLoopback ?? false) || listed) && addressRange(address) === 'loopback'
    : isAllowedAddress(address, opts.allowLoopback) || listed;
};

/**
 * A `lookup` for an HTTP agent that resolves the name and refuses to connect when no resolved address is
 * allowed: this also defeats DNS rebinding, because the address checked is the address connected to.
 */
export function guardedLookup(
  allowLoopback = false,
  opts: { offline?: boolean | undefined; allow?: AllowList | undefined } = {},
): LookupFunction {
  const guard: GuardOptions = {
    allowLoopback,
    offline: opts.offline,
    ...(opts.allow ? { allow: opts.allow } : {}),
  };
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
      const hostListed = listedHost(guard.allow, hostname);
      const allowed = addresses.filter((a) => mayConnect(a.address, guard, hostListed));
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
  const { allowLoopback, offline, allow, ...rest } = opts;
  return new GuardedHttpsAgent({ allowLoopback, offline, ...(allow ? { allow } : {}) }, rest);
}

/** The same guard for plain-http targets (an agent's webhook tool may be http). */
export function guardedHttpAgent(opts: GuardOptions & HttpAgentOptions): HttpAgent {
  const { allowLoopback, offline, allow, ...rest } = opts;
  return new GuardedHttpAgent({ allowLoopback, offline, ...(allow ? { allow } : {}) }, rest);
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
    super({
      ...options,
      lookup: guardedLookup(guard.allowLoopback, { offline: guard.offline, allow: guard.allow }),
    });
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
    super({
      ...options,
      lookup: guardedLookup(guard.allowLoopback, { offline: guard.offline, allow: guard.allow }),
    });
  }
  override createConnection(options: RequestOptions, callback?: (err: Error | null, stream: Duplex) => void) {
    return refused(options, this.guard, callback) ? undefined : super.createConnection(options, callback);
  }
}
