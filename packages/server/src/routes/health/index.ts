import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DEPENDENCIES } from '../../lib/health.ts';

const Check = Type.Object(
  {
    state: Type.Union([Type.Literal('ok'), Type.Literal('down'), Type.Literal('off')], {
      description: '`off`: no configurado (sin REDIS_URL, sin SMTP_URL)',
    }),
    since: Type.String({ format: 'date-time', description: 'Desde cuándo está en este estado' }),
    error: Type.Optional(Type.String({ description: 'Qué falla, mientras no responde' })),
  },
  { title: 'HealthCheck' },
);

const Health = Type.Object(
  {
    status: Type.Union(
      [Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down'), Type.Literal('draining')],
      {
        description:
          '`ok`: todo responde; `degraded`: Redis, el correo o el almacenamiento fallan (el servicio sigue); ' +
          '`down`: la base de datos no responde; `draining`: la instancia se está cerrando',
      },
    ),
    checks: Type.Object(
      Object.fromEntries(DEPENDENCIES.map((d) => [d, Check])) as Record<
        (typeof DEPENDENCIES)[number],
        typeof Check
      >,
    ),
  },
  { title: 'Health' },
);

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Estado del servicio y de cada dependencia (200 ok o degradado; 503 caído o cerrándose)',
        security: [],
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      // A draining instance answers at once: the balancer must stop sending it requests now.
      const report = app.health.draining ? app.health.snapshot() : await app.health.check();
      const ok = report.status === 'ok' || report.status === 'degraded';
      return reply
        .status(ok ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(report);
    },
  );
};
