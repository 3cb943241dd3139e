import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server on loopback (smtp-server) that parses every message it accepts (mailparser). A recipient
 * can be refused a number of times with a given reply code (451: try later; 550: no such mailbox). It can be
 * stopped and started again on the same port (an outage), and it can hold its reply to DATA: the message is
 * received (counted in `messages`) but the sender is not told until `release()` — a mail in flight.
 */
export class SmtpPeer {
  readonly messages: ParsedMail[] = [];
  private readonly parsing: Promise<void>[] = [];
  private readonly refusals = new Map<string, { code: number; times: number }>();
  private holding = false;
  private readonly held: Array<() => void> = [];
  private server: SMTPServer | undefined;
  port = 0;

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  private make() {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // An outage is abrupt: open connections are answered 421 and closed at once, not after 30 s.
      closeTimeout: 200,
      onRcptTo: (address, _session, callback) => {
        const refusal = this.refusals.get(address.address);
        if (refusal && refusal.times > 0) {
          refusal.times -= 1;
          const err = Object.assign(
            new Error(`${refusal.code === 550 ? 'No such mailbox' : 'Try again later'}`),
            {
              responseCode: refusal.code,
            },
          );
          return callback(err);
        }
        callback();
      },
      onData: (stream, _session, callback) => {
        this.parsing.push(
          simpleParser(stream).then((mail) => {
            this.messages.push(mail);
            if (this.holding) this.held.push(() => callback());
            else callback();
          }, callback),
        );
      },
    });
  }

  /** Listens on a free port, or (started before) on the same port again. */
  async start() {
    const server = this.make();
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
  }

  /** Stops listening and ends its connections: from now on a connection to its port is refused. */
  stop() {
    const server = this.server;
    this.server = undefined;
    if (!server) return Promise.resolve();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** From now on every message is received but not answered until `release()`. */
  holdReplies() {
    this.holding = true;
  }

  /** Answers the held messages (250) and stops holding. */
  release() {
    this.holding = false;
    for (const reply of this.held.splice(0)) reply();
  }

  /** How many received messages wait for their reply. */
  get heldCount() {
    return this.held.length;
  }

  /** Refuses this recipient `times` times with `code`, then accepts it. */
  refuse(address: string, code: number, times = Number.POSITIVE_INFINITY) {
    this.refusals.set(address, { code, times });
  }

  /** The messages one address received (after every accepted message is parsed). */
  async to(address: string) {
    await Promise.all(this.parsing);
    return this.messages.filter((m) =>
      [m.to].flat().some((t) => t?.value.some((v) => v.address === address)),
    );
  }
}
