/**
 * The running server's control socket (PGlite only): how `npm run backup` gets a consistent copy of an embedded
 * database that no second process may open. A Unix socket in `DATA_DIR/control/` (a folder only the server's
 * OS user may enter, mode 0700), answering one request, `POST /snapshot`, with `Database.snapshot`'s gzip'd tar.
 * Whoever can connect can already read the data folder itself: the socket gives no one anything more, and it
 * is never on the network (see docs/decisions.md, "A road out of the embedded database").
 */
import { chmodSync, existsSync, mkdirSync, unlinkSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { errorCatalog } from '../errors.ts';

/** Unix socket paths are limited to 107 bytes on Linux (103 on macOS). */
const MAX_SOCKET_PATH = 100;

export function controlSocketPath(dataDir: string): string {
  return join(dataDir, 'control', 'server.sock');
}

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * Listens on the data folder's control socket; answers undefined (and says why through `warn`) when the path
 * is too long for a socket. The caller holds the data folder's lock, so a socket file left there by a server
 * that died is stale and replaced.
 */
export async function startControlSocket(opts: {
  dataDir: string;
  snapshot: () => Promise<Blob>;
  warn: (message: string) => void;
}): Promise<ControlSocket | undefined> {
  const path = controlSocketPath(opts.dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    opts.warn(
      `Ruta demasiado larga para el socket de control (${path}): npm run backup no podrá copiar en marcha`,
    );
    return undefined;
  }
  const dir = join(opts.dataDir, 'control');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  if (existsSync(path)) unlinkSync(path);
  // One copy at a time: a second request waits for the first.
  let queue: Promise<unknown> = Promise.resolve();
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/snapshot') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(errorCatalog.NOT_FOUND.message);
      return;
    }
    const taken = queue.then(() => opts.snapshot());
    queue = taken.catch(() => undefined);
    taken.then(
      (blob) => {
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': String(blob.size) });
        Readable.fromWeb(blob.stream() as never).pipe(res);
      },
      (error: unknown) => {
        res
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`No se pudo copiar la base de datos: ${(error as Error).message}`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Asks the server listening on the data folder's control socket for a snapshot; answers its bytes. */
export function requestSnapshot(dataDir: string): Promise<Buffer> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method: 'POST', path: '/snapshot' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(body.toString('utf8') || `El servidor respondió ${res.statusCode}`));
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT' || error.code === 'ECONNREFUSED'
          ? new Error(
              `El servidor que usa la base de datos integrada no atiende el socket de control (${socketPath}). ` +
                'Reinícialo con esta versión, o detenlo y vuelve a ejecutar la copia.',
            )
          : error,
      ),
    );
    req.end();
  });
}
