import nodemailer, { type SendMailOptions } from 'nodemailer';

/** One message as the worker hands it to SMTP. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * RFC 8058 one-click unsubscribe (mail clients show their own «Cancelar suscripción»); none on the emails about
   * the account itself (a new password, an invitation, a sign-in link), which nobody unsubscribes from.
   */
  unsubscribeUrl?: string;
  /**
   * The same on every attempt of one queued mail (`<{id}@{host}>`): a message sent again after a lost reply or
   * an expired lease carries the Message-ID the receiver already has, so it can drop the copy.
   */
  messageId: string;
}

export type SendOutcome =
  | { ok: true }
  | {
      ok: false;
      temporary: boolean;
      /**
       * The server could not be used at all (no connection, no reply in time, credentials refused): every
       * message would fail alike, so the worker waits for it instead of trying the next one.
       */
      unreachable: boolean;
      /** Plain Spanish: what failed and what to do. */
      error: string;
      /** The SMTP server's reply or the network error as it came, for «Detalles». */
      detail: string;
    };

export interface MailTransport {
  send(mail: OutgoingMail): Promise<SendOutcome>;
  /** Connects, greets and signs in, then quits (nothing is sent); rejects with why it could not. */
  verify(): Promise<void>;
  close(): void;
}

/**
 * The limit of each stage of one SMTP conversation (connecting, the greeting, each reply). A server that stops
 * answering is given up after this, and the mail is retried later.
 */
export const SMTP_TIMEOUT_MS = 15_000;
/**
 * The limit of a whole conversation, whatever each stage does (a server trickling its replies resets every
 * stage's timer). It stays below the worker's 60 s lease, so no other instance takes a mail over while this one
 * may still hand it to SMTP.
 */
export const SMTP_DEADLINE_MS = 45_000;
/** A health probe's connection: it must answer within the health check's own 2 s. */
const VERIFY_TIMEOUT_MS = 2_000;

/** Email through the SMTP server of SMTP_URL (`smtp://user:pass@host:587`, `smtps://…`), one connection pool. */
export function createSmtpTransport(opts: {
  url: string;
  from: string;
  timeoutMs?: number;
  deadlineMs?: number;
}): MailTransport {
  const timeout = opts.timeoutMs ?? SMTP_TIMEOUT_MS;
  const url = new URL(opts.url);
  const server = {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
  };
  const transporter = nodemailer.createTransport({
    ...server,
    pool: true,
    maxConnections: 2,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  // A connection of its own per check, with the probe's short limits (the pool's would hold it for 15 s).
  const checker = nodemailer.createTransport({
    ...server,
    connectionTimeout: VERIFY_TIMEOUT_MS,
    greetingTimeout: VERIFY_TIMEOUT_MS,
    socketTimeout: VERIFY_TIMEOUT_MS,
  });
  return {
    async send(mail) {
      try {
        // `signal` (nodemailer ≥ 10) is not in @types/nodemailer yet.
        const message: SendMailOptions & { signal: AbortSignal } = {
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: mail.messageId,
          ...(mail.unsubscribeUrl
            ? {
                list: {
                  unsubscribe: { url: mail.unsubscribeUrl, comment: 'Dejar de recibir estos correos' },
                },
                headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
              }
            : {}),
          signal: AbortSignal.timeout(opts.deadlineMs ?? SMTP_DEADLINE_MS),
        };
        await transporter.sendMail(message);
        return { ok: true };
      } catch (err) {
        return classifySmtpError(err, mail.to);
      }
    },
    async verify() {
      await checker.verify();
    },
    close: () => {
      transporter.close();
      checker.close();
    },
  };
}

/**
 * What an SMTP failure means for the queue. A 4xx reply (mailbox busy, greylisting, rate limits) and a network
 * failure (server down, timeout) are temporary: the message is tried again later. A 5xx reply (no such
 * mailbox, rejected address) is permanent: trying again would fail again. `unreachable` marks the failures that
 * are the server's, not the message's: no connection, no reply in time, 421 (closing), refused credentials.
 */
export function classifySmtpError(err: unknown, to: string): SendOutcome & { ok: false } {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  const reply = e.response?.trim();
  const raw = [e.code, reply ?? e.message].filter(Boolean).join(': ') || 'error de red';
  const temporary = (error: string, detail = raw, unreachable = true) =>
    ({ ok: false, temporary: true, unreachable, error, detail }) as const;
  const permanent = (error: string, detail = raw) =>
    ({ ok: false, temporary: false, unreachable: false, error, detail }) as const;
  // Wrong SMTP_URL credentials fail every message alike: they wait (and retry) until an operator fixes them.
  if (e.code === 'EAUTH') {
    return temporary(
      'El servidor de correo rechazó el usuario o la contraseña de SMTP_URL: revisa esa configuración en el servidor',
    );
  }
  if (typeof e.responseCode === 'number' && e.responseCode !== 421) {
    const detail = reply ?? `SMTP ${e.responseCode}`;
    if (e.responseCode >= 500) {
      return permanent(
        `El servidor de correo rechazó la dirección ${to}: comprueba que esté bien escrita y que el buzón exista`,
        detail,
      );
    }
    return temporary(
      `El servidor de correo no aceptó el mensaje para ${to} por ahora: se volverá a intentar más tarde`,
      detail,
      false,
    );
  }
  if (e.code === 'EENVELOPE') {
    return permanent(`La dirección ${to} no es válida: corrígela en el perfil de esa persona`);
  }
  if (e.code === 'ETIMEDOUT' || e.code === 'EABORT') {
    return temporary('El servidor de correo no respondió a tiempo: se volverá a intentar más tarde');
  }
  return temporary(
    'No se pudo conectar con el servidor de correo: comprueba que SMTP_URL apunte a un servidor en marcha',
  );
}
