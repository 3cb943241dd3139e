/**
 * How many SQL statements and transactions one request costs, on PostgreSQL: a loopback TCP proxy between a
 * server and PostgreSQL reads the frontend messages of the wire protocol (Query, Parse, Execute) and counts
 * what each connection runs. A transaction is an explicit BEGIN…COMMIT block or a statement run outside one
 * (autocommit), as the issue counts them ("a comment: 7 statements in 5 transactions"). Those that wrote are
 * counted apart: reads after the commit (a realtime event's audience) are separate transactions by design.
 *
 * Only for this count: the throughput rows never go through the proxy.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface Counts {
  statements: number;
  transactions: number;
  /** Transactions that wrote: BEGIN…COMMIT blocks with an INSERT, UPDATE or DELETE, and autocommit writes. */
  writeTransactions: number;
}

export interface CountingProxy {
  port: number;
  counts(): Counts;
  /** While set, called with each statement seen (BENCH_SQL_TRACE). */
  trace?: (text: string, inBlock: boolean) => void;
  close(): Promise<void>;
}

const control = /^\s*(begin|start transaction|commit|end|rollback)\b/i;

export async function countingProxy(target: { host: string; port: number }): Promise<CountingProxy> {
  const totals: Counts = { statements: 0, transactions: 0, writeTransactions: 0 };
  const write = /^\s*(insert|update|delete)\b/i;
  const sockets = new Set<Socket>();

  const server: Server = createServer((client) => {
    const upstream = createConnection(target);
    sockets.add(client);
    sockets.add(upstream);
    let buffer = Buffer.alloc(0);
    let started = false;
    let inBlock = false;
    let blockWrote = false;
    let parsed = '';
    const statement = (text: string) => {
      const m = control.exec(text);
      if (m) {
        const word = m[1]!.toLowerCase();
        if (word === 'begin' || word === 'start transaction') {
          inBlock = true;
          blockWrote = false;
          totals.transactions += 1;
        } else {
          if (inBlock && blockWrote && word !== 'rollback') totals.writeTransactions += 1;
          inBlock = false;
        }
        return;
      }
      totals.statements += 1;
      if (!inBlock) totals.transactions += 1;
      if (write.test(text)) {
        if (inBlock) blockWrote = true;
        else totals.writeTransactions += 1;
      }
      proxy.trace?.(text, inBlock);
    };
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          // Startup (or SSLRequest): int32 length, no type byte.
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          buffer = buffer.subarray(length);
          if (code !== 80877103) started = true; // SSLRequest comes before the real startup
          continue;
        }
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0]!);
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) return;
        const body = buffer.subarray(5, 1 + length);
        buffer = buffer.subarray(1 + length);
        if (type === 'Q') statement(body.toString('utf8', 0, body.indexOf(0)));
        else if (type === 'P') {
          const nameEnd = body.indexOf(0);
          parsed = body.toString('utf8', nameEnd + 1, body.indexOf(0, nameEnd + 1));
        } else if (type === 'E') statement(parsed);
      }
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: CountingProxy = {
    port: (server.address() as { port: number }).port,
    counts: () => ({ ...totals }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return proxy;
}

/**
 * Statements and transactions per request: `n` requests one after the other, minus what the server ran by
 * itself (its pollers) during an idle window as long as the requests took.
 */
export async function perRequest(
  proxy: CountingProxy,
  n: number,
  send: () => Promise<void>,
): Promise<Counts> {
  const before = proxy.counts();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await send();
  const elapsed = performance.now() - t0;
  const after = proxy.counts();
  await new Promise((r) => setTimeout(r, elapsed));
  const idle = proxy.counts();
  const per = (k: keyof Counts) => Math.max(0, after[k] - before[k] - (idle[k] - after[k])) / n;
  return {
    statements: per('statements'),
    transactions: per('transactions'),
    writeTransactions: per('writeTransactions'),
  };
}
