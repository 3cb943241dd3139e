import { Type } from '@sinclair/typebox';
import {
  component,
  IsoDate,
  ItemStatusSchema,
  PageQuery,
  Paginated,
  ref,
  roleSchema,
  Timestamp,
} from '../../lib/schemas.ts';
import { itemCalls, itemFields, itemSortKeys, transitions } from '../../services/review/index.ts';

export const StatusSchema = ItemStatusSchema;
const Nullable = <T extends import('@sinclair/typebox').TSchema>(t: T) => Type.Union([t, Type.Null()]);
/**
 * A step of the review workflow, or one of the piece's own calls (services/review/transitions.ts), by its call's
 * name.
 */
const Action = Type.Union(
  [...Object.keys(transitions), ...Object.keys(itemCalls)].map((name) => Type.Literal(name)),
);
const ItemFieldName = Type.Union(itemFields.map((name) => Type.Literal(name)));

export const MaterialFileSchema = Type.Object({
  s3Key: Type.String({ minLength: 1, maxLength: 500 }),
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
  fileType: Type.String({ minLength: 1, maxLength: 120 }),
  size: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
});

export const MaterialSchema = Type.Object({
  copy: Type.String(),
  files: Type.Array(MaterialFileSchema),
  links: Type.Array(Type.String()),
});

export const MaterialInputSchema = Type.Object(
  {
    copy: Type.Optional(Type.String({ maxLength: 100_000 })),
    files: Type.Optional(Type.Array(MaterialFileSchema, { maxItems: 50 })),
    links: Type.Optional(
      Type.Array(Type.String({ pattern: '^https?://', maxLength: 2000 }), { maxItems: 50 }),
    ),
  },
  { title: 'MaterialInput' },
);

export const CycleSchema = component(
  'Cycle',
  Type.Object({
    _id: Type.String(),
    portfolioId: Type.String(),
    startDate: IsoDate,
    endDate: IsoDate,
    createdAt: Timestamp,
    /** In lists: how many of its items the viewer may see. */
    itemCount: Type.Optional(Type.Integer()),
    /** In lists: the portfolio's last cycle (its end may change; deletable when it holds no items). */
    isLast: Type.Optional(Type.Boolean()),
  }),
);

export const MemberSchema = component(
  'PortfolioMember',
  Type.Object({
    _id: Type.String(),
    name: Type.String(),
    role: roleSchema(),
    email: Nullable(Type.String()),
    staff: Type.Boolean(),
  }),
);

export const FunnelPhaseSchema = Type.Union(
  ['awareness', 'consideration', 'conversion', 'loyalty'].map((s) => Type.Literal(s)),
);
export const AwarenessSchema = Type.Union(
  ['unaware', 'problemAware', 'solutionAware', 'productAware'].map((s) => Type.Literal(s)),
);

export const ItemSchema = component(
  'ProductionItem',
  Type.Object({
    _id: Type.String(),
    portfolioId: Type.String(),
    cycleId: Type.String(),
    title: Type.String(),
    description: Type.String(),
    format: Nullable(Type.String()),
    pilar: Nullable(Type.String()),
    angulo: Nullable(Type.String()),
    funnelPhase: Nullable(Type.String()),
    awarenessLevel: Nullable(Type.String()),
    publishDate: Nullable(Type.String()),
    assigneeId: Nullable(Type.String()),
    authorId: Nullable(Type.String()),
    status: StatusSchema,
    currentVersion: Type.Integer(),
    materialData: MaterialSchema,
    changeDescription: Nullable(Type.String()),
    version: Type.Integer(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    allowedActions: Type.Array(Action, {
      description:
        'Las llamadas del flujo de revisión, y las de la propia pieza (update-item, move-item, delete-item), que quien pregunta puede hacer ahora (las calcula el servidor)',
    }),
    needsComments: Type.Array(Action, {
      description: 'Las de allowedActions que exigen reviewComments (un motivo o los cambios pedidos)',
    }),
    blockedActions: Type.Array(
      Type.Object({
        action: Action,
        reason: Type.String({ description: 'La regla que la impide, en español' }),
      }),
      {
        description:
          'Llamadas que se le niegan a quien pregunta, con su motivo: una regla (los cuatro ojos), el estado (el cliente está revisando la pieza) o un permiso que le falta',
      },
    ),
    frozenFields: Type.Array(
      Type.Object({
        field: ItemFieldName,
        reason: Type.String({ description: 'Por qué no cambia, en español' }),
      }),
      {
        description:
          'Los datos de la pieza que quien pregunta no puede cambiar ahora (en revisión del cliente: lo que el cliente ve), con el motivo',
      },
    ),
    final: Type.Boolean({
      description: 'Fin del flujo (aprobada por el cliente): nada de la pieza cambia ya, para nadie',
    }),
    clientVisible: Type.Boolean({
      description: 'Si el cliente ve la pieza en su estado actual (lo decide la política del servidor)',
    }),
  }),
);

/**
 * A piece as its own read answers it (getItem): the piece, and whether the caller follows it, which the drawer's
 * «Seguir» shows. One request where the drawer made two (issue 48: each of the app's requests is ~5–10 ms of main
 * thread at 4× CPU, the two inside the drawer's first frame).
 */
export const ItemReadSchema = component(
  'ProductionItemRead',
  Type.Intersect([
    ref(ItemSchema),
    Type.Object({
      following: Type.Boolean({
        description: 'Si quien pregunta sigue la pieza (recibe sus comentarios y decisiones)',
      }),
    }),
  ]),
);

const Text = (max: number) => Type.String({ maxLength: max });
export const ItemFields = {
  title: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.Optional(Text(5000)),
  format: Type.Optional(Nullable(Text(100))),
  pilar: Type.Optional(Nullable(Text(100))),
  angulo: Type.Optional(Nullable(Text(100))),
  funnelPhase: Type.Optional(Nullable(FunnelPhaseSchema)),
  awarenessLevel: Type.Optional(Nullable(AwarenessSchema)),
  publishDate: Type.Optional(Nullable(IsoDate)),
  assigneeId: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
};

const Person = Type.Object({ _id: Type.String(), name: Type.String() });

export const VersionHistorySchema = component(
  'MaterialVersionHistory',
  Type.Object({
    versions: Type.Array(
      Type.Object({
        _id: Type.String(),
        number: Type.Integer(),
        materialData: MaterialSchema,
        changeReason: Nullable(Type.String()),
        changeDescription: Nullable(Type.String()),
        author: Person,
        createdAt: Timestamp,
      }),
    ),
    history: Type.Array(
      Type.Object({
        _id: Type.String(),
        action: Type.String(),
        fromStatus: Nullable(Type.String()),
        toStatus: Nullable(Type.String()),
        reviewComments: Nullable(Type.String()),
        changeDescription: Nullable(Type.String()),
        versionNumber: Nullable(
          Type.Integer({ description: 'La versión del material que decidió o creó este paso' }),
        ),
        actor: Person,
        createdAt: Timestamp,
      }),
    ),
  }),
);

export const CoverageSchema = component(
  'StrategyCoverage',
  Type.Object({
    total: Type.Integer(),
    pilares: Type.Record(Type.String(), Type.Integer()),
    angulos: Type.Record(Type.String(), Type.Integer()),
    formatos: Type.Record(Type.String(), Type.Integer()),
    funnelPhases: Type.Record(Type.String(), Type.Integer()),
    awarenessLevels: Type.Record(Type.String(), Type.Integer()),
    /** pilar → ángulo → count. */
    matrix: Type.Record(Type.String(), Type.Record(Type.String(), Type.Integer())),
  }),
);

const FilterText = Type.Optional(Type.String({ minLength: 1, maxLength: 100 }));

/** What a cycle's pieces can be filtered by (all optional; `status` may repeat). */
const ItemFilters = {
  status: Type.Optional(Type.Array(StatusSchema, { maxItems: 6 })),
  format: FilterText,
  pilar: FilterText,
  angulo: FilterText,
  funnelPhase: Type.Optional(FunnelPhaseSchema),
  awarenessLevel: Type.Optional(AwarenessSchema),
  assigneeId: FilterText,
  q: Type.Optional(Type.String({ maxLength: 200 })),
};

/** The filters of a cycle's calendar: the list's, without its page and order. */
export const CalendarQuery = Type.Object(ItemFilters);

/**
 * A cycle's calendar: each piece that matches as the calendar draws it, in the plan's order (publication date,
 * undated last), up to `CALENDAR_MAX`.
 */
export const CycleCalendarSchema = component(
  'CycleCalendar',
  Type.Object({
    entries: Type.Array(
      Type.Object({
        _id: Type.String(),
        title: Type.String(),
        status: StatusSchema,
        publishDate: Nullable(Type.String()),
        version: Type.Integer({
          description: 'La versión leída, para cambiarle la fecha sin pisar otro cambio',
        }),
      }),
    ),
    more: Type.Boolean({
      description:
        'Hay más piezas de las que caben en un calendario: se muestran las primeras en el orden del plan',
    }),
  }),
);

/** Filters, sort and page of a cycle's item list (all optional; `status` may repeat). */
export const ItemListQuery = Type.Object({
  ...PageQuery,
  ...ItemFilters,
  sort: Type.Optional(Type.Union(itemSortKeys.map((k) => Type.Literal(k)))),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});

/**
 * A board's first pages in one read (issue 48): the columns to read (`status`, the ones in sight, in their order),
 * the plan's other filters and order, and each column's page size.
 */
export const BoardQuery = Type.Object({
  ...ItemFilters,
  status: Type.Array(StatusSchema, { minItems: 1, maxItems: 6 }),
  limit: PageQuery.limit,
  sort: ItemListQuery.properties.sort,
  order: ItemListQuery.properties.order,
});

/** Each column asked for: its status and its first page, as the list answers it for that status alone. */
export const ItemBoardSchema = component(
  'ItemBoard',
  Type.Object({
    columns: Type.Array(
      Type.Object(
        { status: StatusSchema, ...Paginated(ref(ItemSchema), 'ItemPage').properties },
        { title: 'ItemBoardColumn' },
      ),
    ),
  }),
);
