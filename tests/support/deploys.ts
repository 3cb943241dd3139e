import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';

/**
 * "A new build was deployed" for the start-up spec: two builds of the SPA and one origin that serves either,
 * switched between page loads, in front of the real server.
 *
 * Why not the e2e server itself: it serves packages/app/dist, which other specs (and other work) read, and
 * @fastify/static (`wildcard: false`) lists the folder's files once at start, so a new hashed asset added later
 * would be a 404 until a restart. Why not Playwright's routing: it never sees the browser's own fetch of a
 * worker script on an update check, so a routed /sw.js never reaches the service worker machinery.
 */

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const appDist = join(repoRoot, 'packages/app/dist');

export interface Build {
  id: string;
  dir: string;
}

/**
 * The Last-Modified date each build's /sw.js is served with, a different day for each build id: DevTools reports
 * it for every worker version (`scriptLastModified`), so a test can tell which build's worker is which without
 * sending a worker anything.
 */
export function workerModified(build: Pick<Build, 'id'>): Date {
  let day = 0;
  for (const c of build.id) day = (day * 31 + c.charCodeAt(0)) % 3650;
  return new Date(Date.UTC(2020, 0, 1 + day));
}

// Vite names the entry with 8 characters of hash and the lazy chunks with 7 (packages/app/vite.config.ts).
const hashed = /-([A-Za-z0-9_-]{7,8})\.([a-z0-9]+(?:\.map)?)$/;

/**
 * A second build made from the real one as a new `vite build` would differ: every hashed asset under a new
 * name, every reference to it (index.html, the chunks' imports and preload lists, the stylesheet's fonts)
 * rewritten (shell.html too). Nothing of it is cached in a browser that loaded the first build. Source maps are copied under
 * their new names unchanged.
 */
export function secondBuild(from: string, id: string): Build {
  const dir = mkdtempSync(join(tmpdir(), `crw-build-${id}-`));
  mkdirSync(join(dir, 'assets'));
  const newHash = (hash: string) =>
    createHash('sha256').update(`${id}:${hash}`).digest('base64url').slice(0, hash.length);
  const renamed = new Map<string, string>();
  for (const name of readdirSync(join(from, 'assets'))) {
    renamed.set(
      name,
      name.replace(hashed, (_m, hash: string, ext: string) => `-${newHash(hash)}.${ext}`),
    );
  }
  const references = [...renamed.keys()]
    .filter((n) => !n.endsWith('.map') && renamed.get(n) !== n)
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(references.join('|'), 'g');
  const rewrite = (text: string) => text.replace(pattern, (n) => renamed.get(n) ?? n);
  for (const [name, next] of renamed) {
    const source = join(from, 'assets', name);
    if (/\.(js|css)$/.test(name))
      writeFileSync(join(dir, 'assets', next), rewrite(readFileSync(source, 'utf8')));
    else copyFileSync(source, join(dir, 'assets', next));
  }
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    if (!statSync(source).isFile()) continue;
    if (name.endsWith('.html')) writeFileSync(join(dir, name), rewrite(readFileSync(source, 'utf8')));
    else copyFileSync(source, join(dir, name));
  }
  return { id, dir };
}

/** The real build as it is now, copied (another build may empty packages/app/dist while a spec runs). */
export function copyBuild(from: string, id: string): Build {
  const dir = mkdtempSync(join(tmpdir(), `crw-build-${id}-`));
  cpSync(from, dir, { recursive: true, filter: (source) => !source.includes(`${sep}.vite`) });
  return { id, dir };
}

export function removeBuild(build: Build) {
  rmSync(build.dir, { recursive: true, force: true });
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.webm': 'video/webm',
  '.png': 'image/png',
};

/** Headers that describe one response's bytes or connection, not the server's policy. */
const perResponse = new Set([
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'last-modified',
  'date',
  'connection',
  'keep-alive',
  'vary',
  'accept-ranges',
]);

function policy(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  headers.forEach((value, key) => {
    if (!perResponse.has(key)) kept[key] = value;
  });
  return kept;
}

export interface DeployServer {
  url: string;
  /**
   * Which build answers from now on (index.html, /sw.js, /assets/*); `workerDelayMs` holds each answer for
   * /sw.js that long (a slow network for the worker's script).
   */
  deploy(build: Build, opts?: { workerDelayMs?: number }): void;
  /** The build files asked for since the last call: build id, status and path. */
  takeLog(): string[];
  /** Whether /sw.js has been asked for since the last deploy. */
  workerRequested(): boolean;
  close(): Promise<void>;
}

/**
 * An origin on 127.0.0.1 that serves the deployed build's files with the real server's own headers (its
 * Cache-Control for each kind of file — no-cache for index.html and /sw.js, immutable for assets —, CSP and
 * the rest, copied from what the real server answers for the same kind of file), falls back to index.html for
 * the app's paths as the real server does, and passes /api and /socket.io (WebSocket included) to the real
 * server. Each build's /sw.js gets a line of its own and a Last-Modified date of its own (`workerModified`), so
 * a test can see in DevTools which build's worker is which.
 */
export async function startDeployServer(upstream: string, first: Build): Promise<DeployServer> {
  const up = new URL(upstream);
  const real = {
    page: policy((await fetch(`${upstream}/`)).headers),
    worker: policy((await fetch(`${upstream}/sw.js`)).headers),
    asset: policy(
      (
        await fetch(
          `${upstream}/assets/${readdirSync(join(first.dir, 'assets')).find((n) => n.endsWith('.js'))}`,
        )
      ).headers,
    ),
    other: policy((await fetch(`${upstream}/favicon.svg`)).headers),
  };
  let current = first;
  let log: string[] = [];
  let workerDelayMs = 0;
  let workerRequested = false;

  // Each build's worker script differs by a line, as a new build's would (the browser installs only a changed one).
  const workerScript = (build: Build) =>
    `${readFileSync(join(build.dir, 'sw.js'), 'utf8')}\n// build ${build.id}\n`;

  const proxy = (req: IncomingMessage, res: ServerResponse) => {
    const forward = httpRequest(
      { host: up.hostname, port: up.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  };

  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io')) return proxy(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(404).end();
      return;
    }
    const build = current;
    // Logged as asked for, with the build that was deployed then (an answer may be held, below).
    const send = (status: number, headers: Record<string, string>, body: string | Buffer, delayMs = 0) => {
      log.push(`${build.id} ${status} ${path}`);
      setTimeout(() => {
        res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
        res.end(req.method === 'HEAD' ? undefined : body);
      }, delayMs);
    };
    const file = normalize(join(build.dir, path));
    if (!file.startsWith(build.dir + sep)) return send(404, {}, '');
    if (path === '/sw.js') {
      workerRequested = true;
      return send(
        200,
        {
          ...real.worker,
          'content-type': types['.js']!,
          'last-modified': workerModified(build).toUTCString(),
        },
        workerScript(build),
        workerDelayMs,
      );
    }
    let found = false;
    try {
      found = statSync(file).isFile();
    } catch {}
    if (found) {
      const kind = path.startsWith('/assets/') ? real.asset : path.endsWith('.html') ? real.page : real.other;
      const type = types[extname(file)] ?? 'application/octet-stream';
      return send(200, { ...kind, 'content-type': type }, readFileSync(file));
    }
    // A missing asset is a 404, never a page (as the real server).
    if (path.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(path)) return send(404, {}, '');
    // As the real server: shell.html (index.html preloading the signed-in shell) for every path but /auth.
    const shell = join(build.dir, 'shell.html');
    const page =
      path !== '/auth' && !path.startsWith('/auth/') && existsSync(shell)
        ? shell
        : join(build.dir, 'index.html');
    return send(200, { ...real.page, 'content-type': types['.html']! }, readFileSync(page));
  });

  // socket.io's WebSocket: the upgrade request and then the raw bytes both ways.
  const tunnels = new Set<Socket | Duplex>();
  server.on('upgrade', (req, socket, head) => {
    const upstreamSocket = connect(Number(up.port), up.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstreamSocket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstreamSocket.write(head);
      socket.pipe(upstreamSocket).pipe(socket);
    });
    for (const end of [socket, upstreamSocket]) {
      tunnels.add(end);
      end.on('close', () => tunnels.delete(end));
    }
    upstreamSocket.on('error', () => socket.destroy());
    socket.on('error', () => upstreamSocket.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('sin dirección');
  return {
    url: `http://127.0.0.1:${address.port}`,
    deploy(build, opts) {
      current = build;
      workerDelayMs = opts?.workerDelayMs ?? 0;
      workerRequested = false;
    },
    workerRequested: () => workerRequested,
    takeLog() {
      const taken = log;
      log = [];
      return taken;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const end of tunnels) end.destroy();
      }),
  };
}
