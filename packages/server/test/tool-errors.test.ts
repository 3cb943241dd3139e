import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makePortfolio, makeUser, type TestContext, type TestUser } from './helpers.ts';
import { HttpPeer, json, type Reply } from './support/http-peer.ts';
import { type PushPeer, startPushPeer } from './support/push-peer.ts';

/**
 * Issue 31: what «Probar» and a failed task say is plain Spanish naming what failed and what to do; the
 * technical detail (Node's error, the tool's status and answer) travels apart, in `errorDetail`, for «Detalles».
 * Every peer is on loopback; a DNS miss uses the reserved `.invalid` name, which the test server does not resolve
 * at all (NODE_ENV=test: no query leaves the machine).
 */
describe('tool and task errors in plain Spanish, with the detail apart', () => {
  let ctx: TestContext;
  const peer = new HttpPeer();
  let tls: PushPeer;
  let admin: TestUser;
  let employee: TestUser;
  let closedPort: number;

  const as = (u: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const makeTool = async (url: string) => {
    const res = await as(admin, 'POST', '/api/tools', {
      name: `Herramienta ${url} ${Math.random()}`,
      kind: 'webhook',
      config: { url, method: 'POST' },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { _id: string };
  };
  const probe = async (url: string) => {
    const t = await makeTool(url);
    const res = await as(admin, 'POST', `/api/tools/${t._id}/test`);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      ok: boolean;
      status: number | null;
      error: string | null;
      errorDetail: string | null;
    };
  };
  const answering = (reply: Reply) => async (): Promise<string> => {
    peer.replies = [reply];
    return `${peer.base}/hook`;
  };

  beforeAll(async () => {
    await peer.start();
    tls = await startPushPeer(() => '');
    closedPort = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    ctx = await createTestApp({}, { agents: { webhookTimeoutMs: 300, backoffMs: () => 0 } });
    admin = await makeUser(ctx.app, 'admin');
    employee = await makeUser(ctx.app, 'employee');
  });
  afterAll(async () => {
    await ctx?.close();
    await peer.stop();
    await tls?.close();
  });

  it('a refused connection: names the address and what to check; the Node error is the detail', async () => {
    const r = await probe(`http://127.0.0.1:${closedPort}/hook`);
    expect(r).toMatchObject({ ok: false, status: null });
    expect(r.error).toBe(
      `127.0.0.1:${closedPort} rechazó la conexión: comprueba que el servicio esté en marcha y escuche en esa dirección y puerto`,
    );
    expect(r.errorDetail).toMatch(/ECONNREFUSED/);
    expect(r.errorDetail).toContain(`127.0.0.1:${closedPort}`);
  });

  it('a name that does not resolve (.invalid, never asked outside): «No se encontró el servidor»', async () => {
    const r = await probe('https://herramienta.invalid/hook');
    expect(r.error).toBe(
      'No se encontró el servidor herramienta.invalid: revisa que la dirección esté bien escrita',
    );
    expect(r.errorDetail).toMatch(/ENOTFOUND/);
    expect(r.errorDetail).toContain('herramienta.invalid');
  });

  it('no answer in time: says how long it waited and what to check', async () => {
    const url = await answering(() => undefined)(); // never answers
    const r = await probe(url);
    expect(r.error).toBe(
      `${new URL(url).host} no respondió en 0.3 s: comprueba que el servicio esté en marcha y responda antes`,
    );
    expect(r.errorDetail).toBe('TIMEOUT: Sin respuesta en 300 ms');
  });

  it('an invalid certificate (self-signed, on loopback): names the https problem', async () => {
    const r = await probe(`${tls.origin}/hook`);
    expect(r.error).toBe(
      `El certificado https de ${new URL(tls.origin).host} no es válido (caducado, autofirmado o de otro nombre): el servicio necesita uno válido`,
    );
    expect(r.errorDetail).toMatch(/SELF_SIGNED|self[- ]signed/i);
  });

  it('HTTP errors from the tool: the status explained, with the status and the answer as the detail', async () => {
    const cases: Array<[number, RegExp]> = [
      [
        401,
        /^La herramienta rechazó la llamada por falta de permiso \(respondió 401\): comprueba que verifica la firma/,
      ],
      [404, /^La herramienta no existe en esa dirección \(respondió 404\): revisa la URL$/],
      [500, /^La herramienta tuvo un error interno \(respondió 500\): revisa ese servicio/],
      [422, /^La herramienta rechazó la llamada \(respondió 422\): revisa qué datos espera$/],
    ];
    for (const [status, message] of cases) {
      const r = await probe(await answering(json(status, { message: `fallo ${status}` }))());
      expect(r).toMatchObject({ ok: false, status });
      expect(r.error).toMatch(message);
      expect(r.errorDetail).toBe(`HTTP ${status}\n{"message":"fallo ${status}"}`);
    }
    const ok = await probe(await answering(json(204, {}))());
    expect(ok).toMatchObject({ ok: true, status: 204, error: null, errorDetail: null });
  });

  it('a failed task keeps the plain message and, apart, the detail; a retry by hand clears both', async () => {
    const t = await makeTool(`http://127.0.0.1:${closedPort}/hook`);
    const portfolioId = (await makePortfolio(ctx.app, [employee]))._id;
    const agent = (
      await as(employee, 'POST', `/api/agents/${portfolioId}`, {
        name: 'Publicadora',
        instructions: 'x',
        active: true,
      })
    ).json();
    expect(
      (await as(employee, 'PUT', `/api/agents/${portfolioId}/${agent._id}/tools`, { tools: [t._id] }))
        .statusCode,
    ).toBe(200);
    peer.replies = [];
    const created = await as(employee, 'POST', `/api/agents/${portfolioId}/${agent._id}/tasks`, {
      title: 'Publicar',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id as string;
    // A refused connection may succeed later: retried (no wait in tests) until the attempts run out.
    for (let i = 0; i < 6; i++) await ctx.app.agentRunner.drain();
    const task = (await as(employee, 'GET', `/api/tasks/${id}`)).json();
    expect(task.status).toBe('failed');
    expect(task.error).toMatch(/^Herramienta .+: 127\.0\.0\.1:\d+ rechazó la conexión: comprueba/);
    expect(task.error).not.toMatch(/ECONN|getaddrinfo/);
    expect(task.errorDetail).toMatch(/ECONNREFUSED/);

    const retried = (await as(employee, 'PUT', `/api/tasks/${id}`, { status: 'pending' })).json();
    expect(retried).toMatchObject({ error: null, errorDetail: null });
  });
});
