import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, type TInteger, type TSchema, Type } from '@sinclair/typebox';
import {
  component,
  errorResponses,
  IdParams,
  IsoDate,
  ItemStatusSchema,
  ref,
  Timestamp,
} from '../../lib/schemas.ts';
import { clientDashboard, portfolioDashboard } from '../../services/review/index.ts';
import { StatusSchema } from './schemas.ts';

const tags = ['production'];
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Person = Type.Object({ _id: Type.String(), name: Type.String() });

const CycleDates = {
  _id: Type.String(),
  startDate: IsoDate,
  endDate: IsoDate,
  totalDays: Type.Integer({ description: 'Duración del ciclo en días' }),
  daysLeft: Type.Integer({ description: 'Días que quedan, hoy incluido (0 si ya terminó)' }),
};

const QueueEntry = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  since: Type.String({ format: 'date-time', description: 'Desde cuándo está en este estado' }),
});
const Queue = (title: string) =>
  Type.Object({ count: Type.Integer(), items: Type.Array(QueueEntry) }, { title });

/** One count per item status, the keys taken from the contract's status list (db/schema/production.ts ITEM_STATUSES). */
const statusCounts = Object.fromEntries(
  ItemStatusSchema.anyOf.map((s) => [s.const, Type.Integer()]),
) as Record<Static<typeof ItemStatusSchema>, TInteger>;

const DashboardComment = component(
  'DashboardComment',
  Type.Object({
    _id: Type.String(),
    excerpt: Type.String({ description: 'El comentario como texto plano, abreviado' }),
    visibility: Type.Union([Type.Literal('internal'), Type.Literal('client')]),
    author: Person,
    item: Type.Object({ _id: Type.String(), title: Type.String(), status: StatusSchema }),
    createdAt: Timestamp,
  }),
);

export const PortfolioDashboardSchema = component(
  'PortfolioDashboard',
  Type.Object({
    currentCycle: Nullable(
      Type.Object(
        {
          ...CycleDates,
          approved: Type.Integer(),
          total: Type.Integer(),
          progress: Type.Number({ minimum: 0, maximum: 1, description: 'Aprobadas / total (0–1)' }),
        },
        { title: 'DashboardCycle' },
      ),
    ),
    counts: Type.Object(statusCounts, {
      title: 'StatusCounts',
      description: 'Piezas del ciclo actual por estado',
    }),
    pendingInternalReview: Queue('PendingInternalReviewQueue'),
    clientChanges: Queue('ClientChangesQueue'),
    upcoming: Type.Array(
      Type.Object(
        { _id: Type.String(), title: Type.String(), publishDate: IsoDate, status: StatusSchema },
        { title: 'UpcomingItem' },
      ),
      { description: 'Piezas que se publican en los próximos 7 días' },
    ),
    activity: Type.Array(
      Type.Object(
        {
          _id: Type.String(),
          kind: Type.Union([Type.Literal('history'), Type.Literal('comment')]),
          action: Type.String(),
          fromStatus: Nullable(StatusSchema),
          toStatus: Nullable(StatusSchema),
          excerpt: Nullable(Type.String()),
          actor: Person,
          item: Type.Object({ _id: Type.String(), title: Type.String() }),
          createdAt: Timestamp,
        },
        { title: 'ActivityEntry' },
      ),
    ),
  }),
);

export const ClientDashboardSchema = component(
  'ClientDashboard',
  Type.Object({
    currentCycle: Nullable(Type.Object(CycleDates, { title: 'DashboardCycleDates' })),
    awaitingReview: Type.Object(
      {
        status: Nullable(StatusSchema),
        count: Type.Integer(),
        items: Type.Array(QueueEntry),
      },
      { title: 'AwaitingReview', description: 'Piezas que esperan la revisión de este usuario' },
    ),
    approvedThisCycle: Queue('ApprovedThisCycle'),
    recentComments: Type.Array(ref(DashboardComment)),
  }),
);

export const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/production/portfolios/:id/dashboard',
    {
      schema: {
        operationId: 'getPortfolioDashboard',
        tags,
        summary:
          'Dashboard del portafolio: ciclo actual, piezas por estado, revisiones pendientes, próximas publicaciones y actividad',
        params: IdParams,
        response: { 200: ref(PortfolioDashboardSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => portfolioDashboard(app.db, request.user, request.params.id),
  );

  app.get(
    '/production/portfolios/:id/client-dashboard',
    {
      schema: {
        operationId: 'getClientDashboard',
        tags,
        summary:
          'Mi Dashboard: piezas que esperan mi revisión, aprobadas en este ciclo y comentarios recientes',
        params: IdParams,
        response: { 200: ref(ClientDashboardSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => clientDashboard(app.db, request.user, request.params.id),
  );
};
