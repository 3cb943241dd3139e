import { Type } from '@sinclair/typebox';
import { component, IsoDate, Timestamp } from '../../lib/schemas.ts';

export const StatusSchema = Type.Union(
  ['draft', 'internal_review', 'internal_changes', 'client_review', 'client_changes', 'approved'].map((s) =>
    Type.Literal(s),
  ),
);
const Nullable = <T extends import('@sinclair/typebox').TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const MaterialFileSchema = Type.Object({
  s3Key: Type.String({ minLength: 1, maxLength: 500 }),
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
  fileType: Type.String({ minLength: 1, maxLength: 120 }),
  size: Type.Integer({ minimum: 0 }),
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
  }),
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
  assigneeId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
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
  }),
);
