import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { AppError, notFound } from '../../errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import {
  groupLabels,
  listMailFailures,
  listPendingMail,
  retryFailedMail,
  setChannel,
} from '../../services/notify/index.ts';
import { idParams } from '../params.ts';

const tags = ['mail'];
const admins = { roles: ['admin' as const] };
const Retried = Type.Object(
  { retried: Type.Integer({ description: 'Cuántos correos vuelven a la cola' }) },
  { title: 'MailRetried' },
);
const Token = Type.String({ minLength: 1, maxLength: 2000 });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A tiny page of its own (the link opens in any browser, signed in or not, without the app). */
const page = (title: string, body: string) => `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#0f172a;line-height:1.5">
<h1 style="font-size:1.375rem">${escapeHtml(title)}</h1>${body}</body></html>`;

/** An HTML answer on a route whose schema describes its JSON answer (the form's post reads a page). */
const sendPage = (reply: FastifyReply, status: number, html: string) =>
  // The serializer of the JSON schema is skipped for a string with its own content type.
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(html as never);

const invalidLink = page(
  'Enlace no válido',
  '<p>Este enlace para dejar de recibir correos no es válido. Puedes cambiar qué correos recibes en tus preferencias de notificación.</p>',
);

/**
 * «Dejar de recibir estos correos» (issue 29). The link in every email opens a page with a button; only the
 * button's POST turns the email of those groups off, so a link scanner that opens every link changes nothing.
 * Mail clients' own one-click unsubscribe (RFC 8058) POSTs to the same address.
 */
export const mailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The page's form and RFC 8058 clients post `application/x-www-form-urlencoded` (only on these routes).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    '/mail/unsubscribe',
    {
      config: { public: true },
      schema: { hide: true, querystring: Type.Object({ token: Type.Optional(Token) }) },
    },
    async (request, reply) => {
      const claims = request.query.token ? app.mail.unsubscribeTokens.verify(request.query.token) : undefined;
      if (!claims) return sendPage(reply, 400, invalidLink);
      const names = claims.groups.map((g) => `«${groupLabels[g]}»`).join(', ');
      return sendPage(
        reply,
        200,
        page(
          'Dejar de recibir estos correos',
          `<p>Dejarás de recibir por correo los avisos de ${escapeHtml(names)}. Seguirás viéndolos en la aplicación.</p>
<form method="post" action="/api/mail/unsubscribe?token=${encodeURIComponent(request.query.token!)}">
<button type="submit" style="font:inherit;background:#4338ca;color:#fff;border:0;border-radius:.5rem;padding:.6rem 1rem;cursor:pointer">Dejar de recibir estos correos</button>
</form>`,
        ),
      );
    },
  );

  app.post(
    '/mail/unsubscribe',
    {
      config: { public: true },
      schema: {
        operationId: 'unsubscribeMail',
        tags,
        summary: 'Deja de enviar por correo los avisos de los grupos de un enlace firmado de baja',
        security: [],
        querystring: Type.Object({ token: Type.Optional(Token) }),
        body: Type.Optional(Type.Object({ token: Type.Optional(Token) }, { title: 'UnsubscribeBody' })),
        response: {
          200: Type.Object({ success: Type.Literal(true) }, { title: 'UnsubscribeResult' }),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const token = request.body?.token ?? request.query.token;
      const claims = token ? app.mail.unsubscribeTokens.verify(token) : undefined;
      const fromForm = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
      if (!claims) {
        if (fromForm) return sendPage(reply, 400, invalidLink);
        throw new AppError('VALIDATION', 'El enlace para dejar de recibir correos no es válido', [
          { field: 'token', message: 'No es un enlace de baja válido' },
        ]);
      }
      for (const group of claims.groups) await setChannel(app.db, claims.userId, group, 'email', false);
      if (fromForm) {
        return sendPage(
          reply,
          200,
          page(
            'Listo',
            '<p>Ya no recibirás estos correos. Puedes volver a activarlos en tus preferencias de notificación.</p>',
          ),
        );
      }
      return { success: true as const };
    },
  );

  app.get(
    '/admin/mail-failures',
    {
      config: admins,
      schema: {
        operationId: 'listMailFailures',
        tags,
        summary: 'Los últimos correos que no se pudieron enviar (solo administradores)',
        response: {
          200: Type.Object(
            {
              enabled: Type.Boolean({ description: 'Si el correo está configurado (SMTP_URL)' }),
              items: Type.Array(
                Type.Object(
                  {
                    _id: Type.String(),
                    to: Type.String(),
                    template: Type.String(),
                    /** Plain Spanish: what failed and what to do. */
                    error: Type.String(),
                    /** The SMTP server's reply or the network error, shown behind «Detalles». */
                    errorDetail: Type.Union([Type.String(), Type.Null()]),
                    attempts: Type.Integer(),
                    failedAt: Type.String({ format: 'date-time' }),
                  },
                  { title: 'MailFailure' },
                ),
              ),
            },
            { title: 'MailFailures' },
          ),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ({ enabled: app.mail.enabled, items: await listMailFailures(app.db) }),
  );
  app.get(
    '/admin/mail-pending',
    {
      config: admins,
      schema: {
        operationId: 'listPendingMail',
        tags,
        summary:
          'Los correos que esperan a enviarse, con sus intentos, su último error y el próximo intento (solo administradores)',
        response: {
          200: Type.Object(
            {
              enabled: Type.Boolean({ description: 'Si el correo está configurado (SMTP_URL)' }),
              total: Type.Integer({
                description: 'Cuántos esperan en total (la lista trae los 50 primeros)',
              }),
              items: Type.Array(
                Type.Object(
                  {
                    _id: Type.String(),
                    to: Type.String(),
                    template: Type.String(),
                    status: Type.Union([Type.Literal('pending'), Type.Literal('sending')], {
                      description: '`sending`: una instancia lo está enviando ahora',
                    }),
                    attempts: Type.Integer({ description: 'Intentos hechos' }),
                    error: Type.Union([Type.String(), Type.Null()], {
                      description: 'Por qué falló el último intento, en español',
                    }),
                    errorDetail: Type.Union([Type.String(), Type.Null()]),
                    nextAttemptAt: Type.String({ format: 'date-time', description: 'Cuándo se intentará' }),
                  },
                  { title: 'PendingMail' },
                ),
              ),
            },
            { title: 'PendingMailList' },
          ),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ({ enabled: app.mail.enabled, ...(await listPendingMail(app.db)) }),
  );

  app.post(
    '/admin/mail-failures/retry',
    {
      config: admins,
      schema: {
        operationId: 'retryAllFailedMail',
        tags,
        summary: 'Vuelve a enviar todos los correos que no se pudieron enviar (solo administradores)',
        response: { 200: Retried, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const retried = await retryFailedMail(app.db);
      if (retried > 0) app.mail.kick();
      return { retried };
    },
  );

  app.post(
    '/admin/mail-failures/:id/retry',
    {
      config: admins,
      schema: {
        operationId: 'retryFailedMail',
        tags,
        summary: 'Vuelve a enviar un correo que no se pudo enviar (solo administradores)',
        params: idParams('id'),
        response: { 200: Retried, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const retried = await retryFailedMail(app.db, request.params.id);
      if (retried === 0) throw notFound('failedMail');
      app.mail.kick();
      return { retried };
    },
  );
};
