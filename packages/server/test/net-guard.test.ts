import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressRange,
  endpointProblem,
  guardedAgent,
  guardedLookup,
  isAllowedAddress,
} from '../src/lib/net-guard.ts';
import { type PushPeer, startPushPeer } from './support/push-peer.ts';

/** The address classifier, on literals only: nothing here sends a packet. */
describe('push endpoint guard', () => {
  it.each([
    ['127.0.0.1'],
    ['127.255.255.254'],
    ['10.0.0.1'],
    ['172.16.0.1'],
    ['172.31.255.255'],
    ['192.168.0.10'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['100.127.255.255'],
    ['0.0.0.0'],
    ['224.0.0.1'],
    ['240.0.0.1'],
    ['255.255.255.255'],
    ['192.0.2.1'],
    ['198.51.100.7'],
    ['203.0.113.9'],
    ['198.18.0.1'],
    ['::1'],
    ['::'],
    ['fe80::1'],
    ['fc00::1'],
    ['fd00:abcd::1'],
    ['::ffff:127.0.0.1'],
    ['::ffff:10.0.0.1'],
    ['64:ff9b::a00:1'],
    ['2002:a00:1::1'],
    ['2001:db8::1'],
    ['ff02::1'],
    // IPv4 ranges beyond RFC 1918
    ['0.1.2.3'],
    ['192.0.0.1'],
    ['192.88.99.1'],
    ['192.175.48.1'],
    ['198.19.255.255'],
    ['239.255.255.250'],
    // IPv4 carried in IPv6: judged as the IPv4 address, or refused whatever it carries
    ['::7f00:1'],
    ['::a00:1'],
    ['::ffff:192.168.1.1'],
    ['::ffff:169.254.169.254'],
    ['64:ff9b::7f00:1'],
    ['64:ff9b::a9fe:a9fe'],
    ['64:ff9b:1::808:808'],
    ['::ffff:0:7f00:1'],
    ['2002:808:808::1'],
    ['2001::1'],
    // other IPv6 space that is not global unicast
    ['fec0::1'],
    ['fe80::1%eth0'],
    ['100::1'],
    ['4000::1'],
    ['[::1]'],
  ])('refuses %s', (address) => {
    expect(isAllowedAddress(address)).toBe(false);
  });

  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['172.32.0.1'],
    ['100.128.0.1'],
    ['2606:4700::1111'],
    ['2001:4860:4860::8888'],
    // a public IPv4 reached through IPv4-mapped or DNS64/NAT64 addresses (an IPv6-only network)
    ['::ffff:8.8.8.8'],
    ['64:ff9b::808:808'],
  ])('accepts the public address %s', (address) => {
    expect(isAllowedAddress(address)).toBe(true);
  });

  it('names the range it refuses', () => {
    expect(addressRange('::ffff:127.0.0.1')).toBe('loopback');
    expect(addressRange('64:ff9b::a00:1')).toBe('private');
    expect(addressRange('::7f00:1')).toBe('ipv4Compatible');
    expect(addressRange('2002:808:808::1')).toBe('6to4');
    expect(() => addressRange('no.es.ip')).toThrow();
    expect(isAllowedAddress('no.es.ip')).toBe(false);
  });

  it('allows loopback only when told to', () => {
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::1', true)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', true)).toBe(false);
  });

  it.each([
    ['http://push.example.com/x', 'https'],
    ['https://127.0.0.1/x', 'privada'],
    ['https://127.1/x', 'privada'],
    ['https://2130706433/x', 'privada'],
    ['https://0x7f.1/x', 'privada'],
    ['https://0.0.0.0/x', 'privada'],
    ['https://[::1]/x', 'privada'],
    ['https://[::ffff:7f00:1]/x', 'privada'],
    ['https://0177.0.0.1/x', 'privada'],
    ['https://127.0.0.1./x', 'privada'],
    ['https://[::7f00:1]/x', 'privada'],
    ['https://[::ffff:127.0.0.1]/x', 'privada'],
    ['https://[fd12::1]:8443/x', 'privada'],
    ['https://10.1.2.3/x', 'privada'],
    ['https://169.254.169.254/latest/meta-data', 'privada'],
    ['https://[fe80::1%25eth0]/x', 'URL'],
    ['https://localhost/x', 'mismo equipo'],
    ['https://LocalHost./x', 'mismo equipo'],
    ['https://push.localhost/x', 'mismo equipo'],
    ['https://push.localhost../x', 'mismo equipo'],
    ['https://user:pw@push.example.com/x', 'credenciales'],
    ['no es una url', 'URL'],
  ])('refuses the endpoint %s', (endpoint, reason) => {
    expect(endpointProblem(endpoint)).toContain(reason);
  });

  it('accepts a public push service and, when allowed, a local one', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc')).toBeUndefined();
    expect(endpointProblem('https://localhost:4443/push', true)).toBeUndefined();
  });

  it('refuses to connect when a name resolves only to refused addresses', async () => {
    // "localhost" resolves from the hosts file: no query leaves the machine.
    const lookup = guardedLookup(false, { offline: true });
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      lookup('localhost', { all: true }, (e) => resolve(e)),
    );
    expect(error?.code).toBe('EADDRNOTALLOWED');
    const allowed = await new Promise<unknown>((resolve) =>
      guardedLookup(true, { offline: true })('localhost', { all: true }, (e, addresses) =>
        resolve(e ?? addresses),
      ),
    );
    expect(Array.isArray(allowed) && allowed.length > 0).toBe(true);
    // Offline, a public name is not resolved at all (no query reaches a resolver).
    const offline = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup(false, { offline: true })('fcm.googleapis.com', { all: true }, (e) => resolve(e)),
    );
    expect(offline?.code).toBe('ENOTFOUND');
  });
});

/**
 * The agent every push goes through. Node connects to an address literal without calling `lookup`, so the agent
 * checks literals itself. Only a local HTTPS peer on loopback is ever addressed.
 */
describe('guarded agent', () => {
  let peer: PushPeer;
  beforeAll(async () => {
    peer = await startPushPeer(() => '');
  });
  afterAll(async () => {
    await peer.close();
  });

  const get = (url: string, agent: ReturnType<typeof guardedAgent>) =>
    new Promise<number | NodeJS.ErrnoException>((resolve) => {
      const req = request(url, { method: 'POST', agent }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', resolve);
      req.end();
    });

  it('refuses loopback literals and names without opening a connection', async () => {
    const port = new URL(peer.origin).port;
    const agent = guardedAgent({ ca: peer.ca });
    for (const host of ['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', 'localhost']) {
      const answer = await get(`https://${host}:${port}/push/x`, agent);
      expect((answer as NodeJS.ErrnoException).code, host).toBe('EADDRNOTALLOWED');
    }
    // Offline (tests) a name is never resolved, whatever the loopback setting.
    const offline = await get(
      `https://localhost:${port}/push/x`,
      guardedAgent({ ca: peer.ca, offline: true }),
    );
    expect((offline as NodeJS.ErrnoException).code).toBe('EADDRNOTALLOWED');
    expect(peer.stats.received).toBe(0);
    agent.destroy();
  });

  it('reaches the loopback peer when loopback is allowed, by literal and by name', async () => {
    const port = new URL(peer.origin).port;
    const agent = guardedAgent({ ca: peer.ca, allowLoopback: true, offline: true });
    expect(await get(`https://127.0.0.1:${port}/push/x`, agent)).toBe(400);
    expect(await get(`https://localhost:${port}/push/x`, agent)).toBe(400);
    expect(peer.stats.received).toBe(2);
    agent.destroy();
  });
});
