import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server on loopback (smtp-server) that parses every message it accepts (mailparser). A recipient
 * can be refused a number of times with a given reply code (451: try later; 550: no such mailbox).
 */
export class SmtpPeer {
  readonly messages: ParsedMail[] = [];
  private readonly parsing: Promise<void>[] = [];
  private readonly refusals = new Map<string, { code: number; times: number }>();
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
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
          callback();
        }, callback),
      );
    },
  });
  port = 0;

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
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
