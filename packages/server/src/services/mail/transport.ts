import nodemailer from 'nodemailer';

/** One message as the worker hands it to SMTP. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** RFC 8058 one-click unsubscribe (mail clients show their own «Cancelar suscripción»). */
  unsubscribeUrl: string;
}

export type SendOutcome =
  | { ok: true }
  | {
      ok: false;
      temporary: boolean;
      /** Plain Spanish: what failed and what to do. */
      error: string;
      /** The SMTP server's reply or the network error as it came, for «Detalles». */
      detail: string;
    };

export interface MailTransport {
  send(mail: OutgoingMail): Promise<SendOutcome>;
  close(): void;
}

/** The limits of one SMTP conversation: a stuck server never holds a message past its lease. */
export const SMTP_TIMEOUT_MS = 30_000;

/** Email through the SMTP server of SMTP_URL (`smtp://user:pass@host:587`, `smtps://…`), one connection pool. */
export function createSmtpTransport(opts: { url: string; from: string; timeoutMs?: number }): MailTransport {
  const timeout = opts.timeoutMs ?? SMTP_TIMEOUT_MS;
  const url = new URL(opts.url);
  const transporter = nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    pool: true,
    maxConnections: 2,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send(mail) {
      try {
        await transporter.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          list: { unsubscribe: { url: mail.unsubscribeUrl, comment: 'Dejar de recibir estos correos' } },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
        return { ok: true };
      } catch (err) {
        return classifySmtpError(err, mail.to);
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * What an SMTP failure means for the queue. A 4xx reply (mailbox busy, greylisting, rate limits) and a network
 * failure (server down, timeout) are temporary: the message is tried again later. A 5xx reply (no such
 * mailbox, rejected address) is permanent: trying again would fail again.
 */
export function classifySmtpError(err: unknown, to: string): SendOutcome & { ok: false } {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  const reply = e.response?.trim();
  const raw = [e.code, reply ?? e.message].filter(Boolean).join(': ') || 'error de red';
  // Wrong SMTP_URL credentials fail every message alike: they wait (and retry) until an operator fixes them.
  if (e.code === 'EAUTH') {
    return {
      ok: false,
      temporary: true,
      error:
        'El servidor de correo rechazó el usuario o la contraseña de SMTP_URL: revisa esa configuración en el servidor',
      detail: raw,
    };
  }
  if (typeof e.responseCode === 'number') {
    if (e.responseCode >= 500) {
      return {
        ok: false,
        temporary: false,
        error: `El servidor de correo rechazó la dirección ${to}: comprueba que esté bien escrita y que el buzón exista`,
        detail: reply ?? `SMTP ${e.responseCode}`,
      };
    }
    return {
      ok: false,
      temporary: true,
      error: `El servidor de correo no aceptó el mensaje para ${to} por ahora: se volverá a intentar más tarde`,
      detail: reply ?? `SMTP ${e.responseCode}`,
    };
  }
  if (e.code === 'EENVELOPE') {
    return {
      ok: false,
      temporary: false,
      error: `La dirección ${to} no es válida: corrígela en el perfil de esa persona`,
      detail: raw,
    };
  }
  return {
    ok: false,
    temporary: true,
    error:
      'No se pudo conectar con el servidor de correo: comprueba que SMTP_URL apunte a un servidor en marcha',
    detail: raw,
  };
}
