import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  method: string;
  headers: IncomingMessage['headers'];
  body: string;
}
export type Reply = (req: Received, res: ServerResponse) => void;

/**
 * A local HTTP peer on loopback standing in for a third party (a webhook tool, Notion): it records each
 * call and answers with the next queued reply, or the fallback.
 */
export class HttpPeer {
  readonly calls: Received[] = [];
  replies: Reply[] = [];
  fallback: Reply = (_req, res) => res.writeHead(200).end();
  private server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received = {
        path: req.url ?? '',
        method: req.method ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      this.calls.push(received);
      (this.replies.shift() ?? this.fallback)(received, res);
    });
  });
  base = '';
  /** Listens on loopback, on `port` or any free one. */
  async start(port = 0) {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', resolve);
    });
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Reply =>
  (_req, res) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
