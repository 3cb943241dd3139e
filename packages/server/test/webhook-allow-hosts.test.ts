import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.ts';
import { destinationProblem, parseAllowList } from '../src/lib/net-guard.ts';
import { createTool } from '../src/services/agents/tools.ts';
import { createTestApp, makeUser, type TestContext, type TestUser } from './helpers.ts';
import { HttpPeer, json } from './support/http-peer.ts';

/**
 * Tools inside the team's network (issue 49, point 5): WEBHOOK_ALLOW_HOSTS lists private destinations; loopback
 * and link-local stay refused unless listed; a tool whose calls would be refused is not saved (400 with the
 * reason); «Probar» shows what the tool answered. Refusal of a private address is judged by the check function,
 * without connecting: the only traffic is to the receiver on 127.0.0.1.
 */
const ADVICE = 'añade el host a WEBHOOK_ALLOW_HOSTS';
const noDns = async (host: string): Promise<string[]> => {
  throw new Error(`sin DNS en pruebas: ${host}`);
};

describe('the destination check (no connection)', () => {
  it('refuses private, loopback and link-local destinations unless listed, with what to do', async () => {
    const none = { allow: parseAllowList('') };
    for (const [url, words] of [
      ['http://10.0.0.5/hook', '10.0.0.5 es una dirección privada'],
      ['http://192.168.1.20:8080/x', '192.168.1.20 es una dirección privada'],
      ['http://127.0.0.1:9000/x', '127.0.0.1 es una dirección de este mismo equipo (loopback)'],
      ['http://169.254.169.254/latest', '169.254.169.254 es una dirección de enlace local'],
      ['http://[fd00::1]/x', 'fd00::1 es una dirección privada'],
      ['http://localhost:3000/x', 'localhost es este mismo equipo'],
    ] as const) {
      const problem = await destinationProblem(url, none, noDns);
      expect(problem, url).toContain(words);
      expect(problem, url).toContain(ADVICE);
    }
    const listed = {
      allow: parseAllowList(' 10.0.0.0/8, intranet.local , 169.254.169.254, 127.0.0.1, fd00::/8, localhost'),
    };
    for (const url of [
      'http://10.0.0.5/hook',
      'http://10.200.3.4/hook',
      'http://intranet.local/hook',
      'http://INTRANET.local./hook',
      'http://169.254.169.254/latest',
      'http://127.0.0.1:9000/x',
      'http://[::ffff:10.1.2.3]/x',
      'http://[fd00::1]/x',
      'http://localhost:3000/x',
    ]) {
      expect(await destinationProblem(url, listed, noDns), url).toBeUndefined();
    }
    // Only what is listed: another private range, another link-local address, another loopback address.
    for (const url of ['http://192.168.1.20/x', 'http://169.254.1.1/x', 'http://127.0.0.2/x']) {
      expect(await destinationProblem(url, listed, noDns), url).toContain(ADVICE);
    }
    // A name is judged by what it resolves to (a stub here: nothing is asked of DNS).
    const resolvesTo = (addresses: string[]) => async () => addresses;
    expect(await destinationProblem('http://tools.corp/x', none, resolvesTo(['10.1.1.1']))).toBe(
      `Destino no permitido: tools.corp apunta a 10.1.1.1, una dirección privada o reservada; si la herramienta está en vuestra red, ${ADVICE}`,
    );
    expect(await destinationProblem('http://tools.corp/x', listed, resolvesTo(['10.1.1.1']))).toBeUndefined();
    expect(
      await destinationProblem('https://example.com/x', none, resolvesTo(['93.184.216.34'])),
    ).toBeUndefined();
    // A name that does not resolve now is judged at each call instead.
    expect(await destinationProblem('https://nadie.invalid/x', none, noDns)).toBeUndefined();
  });

  it('parses hosts, addresses and CIDRs, and the configuration refuses anything else', () => {
    expect(parseAllowList(undefined)).toEqual({ hosts: [], ranges: [] });
    const list = parseAllowList('Intranet.Local, 10.0.0.0/8,fd00::/8,192.168.1.20');
    expect(list.hosts).toEqual(['intranet.local']);
    expect(list.ranges.map(([r, bits]) => `${r.toString()}/${bits}`)).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.1.20/32',
    ]);
    for (const [value, words] of [
      ['10.0.0.0/33', "'10.0.0.0/33' no es un CIDR válido"],
      ['http://intranet', "'http://intranet' lleva esquema: escribe solo el host (p. ej. intranet.local)"],
      ['intra net', "'intra net' no es un nombre de host"],
    ] as const) {
      expect(() => loadEnv({ NODE_ENV: 'test', WEBHOOK_ALLOW_HOSTS: value }), value).toThrow(
        `WEBHOOK_ALLOW_HOSTS: ${words}`,
      );
    }
    expect(
      loadEnv({ NODE_ENV: 'test', WEBHOOK_ALLOW_HOSTS: '127.0.0.1, intranet' }).WEBHOOK_ALLOW_HOSTS,
    ).toBe('127.0.0.1, intranet');
  });
});

describe('a receiver on loopback, listed and unlisted', () => {
  const receiver = new HttpPeer();
  let listed: TestContext;
  let unlisted: TestContext;
  let adminListed: TestUser;
  let adminUnlisted: TestUser;

  beforeAll(async () => {
    await receiver.start();
    listed = await createTestApp({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
    unlisted = await createTestApp({ WEBHOOK_ALLOW_HOSTS: '10.0.0.0/8' });
    adminListed = await makeUser(listed.app, 'admin');
    adminUnlisted = await makeUser(unlisted.app, 'admin');
  });
  afterAll(async () => {
    await listed?.close();
    await unlisted?.close();
    await receiver.stop();
  });

  const saveTool = (ctx: TestContext, admin: TestUser, url: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/tools',
      headers: admin.headers,
      payload: { name: `Interna ${Math.random()}`, kind: 'webhook', config: { url, method: 'POST' } },
    });

  it('listed: the tool saves and «Probar» reaches it and shows what it answered', async () => {
    receiver.replies = [json(200, { recibido: true, mensaje: 'Hola desde la red interna' })];
    const saved = await saveTool(listed, adminListed, `${receiver.base}/hook`);
    expect(saved.statusCode, saved.body).toBe(201);
    const calls = receiver.calls.length;
    const test = await listed.app.inject({
      method: 'POST',
      url: `/api/tools/${saved.json()._id}/test`,
      headers: adminListed.headers,
    });
    expect(test.statusCode).toBe(200);
    expect(test.json()).toMatchObject({ ok: true, status: 200, error: null });
    expect(JSON.parse(test.json().body)).toEqual({ recibido: true, mensaje: 'Hola desde la red interna' });
    expect(receiver.calls).toHaveLength(calls + 1);
    // What is not listed stays refused even in tests: localhost (a name) and ::1.
    const port = new URL(receiver.base).port;
    for (const url of [`http://localhost:${port}/hook`, `http://[::1]:${port}/hook`]) {
      const refused = await saveTool(listed, adminListed, url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message, url).toContain(ADVICE);
    }
  });

  it('unlisted: saving answers 400 at once with the reason, and a tool saved before is refused at call time', async () => {
    const calls = receiver.calls.length;
    const refused = await saveTool(unlisted, adminUnlisted, `${receiver.base}/hook`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION',
      message: `Destino no permitido: 127.0.0.1 es una dirección de este mismo equipo (loopback); si la herramienta está en vuestra red, ${ADVICE}`,
      details: [{ field: 'config.url', message: 'Destino no permitido' }],
    });
    // Editing an existing tool to that destination is refused the same way.
    const ok = await unlisted.app.inject({
      method: 'POST',
      url: '/api/tools',
      headers: adminUnlisted.headers,
      payload: { name: 'Pública', kind: 'webhook', config: { url: 'https://example.com/h', method: 'POST' } },
    });
    expect(ok.statusCode).toBe(201);
    const edit = await unlisted.app.inject({
      method: 'PUT',
      url: `/api/tools/${ok.json()._id}`,
      headers: adminUnlisted.headers,
      payload: { config: { url: `${receiver.base}/hook`, method: 'POST' } },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toContain(ADVICE);
    // One saved without the check (as before this change) never reaches the receiver.
    const old = await createTool(unlisted.app.db, {
      name: 'Antigua',
      kind: 'webhook',
      config: { url: `${receiver.base}/hook`, method: 'POST' },
    });
    const test = await unlisted.app.inject({
      method: 'POST',
      url: `/api/tools/${old._id}/test`,
      headers: adminUnlisted.headers,
    });
    expect(test.json()).toMatchObject({ ok: false });
    expect(test.json().error).toContain('no permitido');
    expect(receiver.calls).toHaveLength(calls);
  });
});
