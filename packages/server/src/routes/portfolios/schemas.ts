import { Type } from '@sinclair/typebox';
import { component, Timestamp } from '../../lib/schemas.ts';

export const IntegrationSchema = Type.Object(
  { _id: Type.String(), type: Type.Literal('notion'), paginaNotionId: Type.String(), createdAt: Timestamp },
  { title: 'Integration' },
);

export const NotionSyncSchema = Type.Object(
  {
    _id: Type.String(),
    itemId: Type.String(),
    itemTitle: Type.String(),
    integrationId: Type.String(),
    paginaNotionId: Type.String(),
    status: Type.Union(['pending', 'running', 'done', 'failed'].map((s) => Type.Literal(s))),
    attempts: Type.Integer(),
    /** Plain Spanish: what failed and what to do. */
    error: Type.Union([Type.String(), Type.Null()]),
    /** Its technical detail (the network error, or Notion's status, code and message), shown behind «Detalles». */
    errorDetail: Type.Union([Type.String(), Type.Null()]),
    syncedAt: Type.Union([Timestamp, Type.Null()]),
    updatedAt: Timestamp,
  },
  { title: 'NotionSync' },
);

export const NotionSyncStateSchema = Type.Object(
  {
    /** Whether the server has a Notion token (NOTION_TOKEN); without one nothing is sent. */
    configured: Type.Boolean(),
    items: Type.Array(NotionSyncSchema),
  },
  { title: 'NotionSyncState' },
);

export const ProductionCycleDataSchema = Type.Object(
  {
    pilaresContenido: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 }),
    angulosVenta: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 }),
    formatosCreativos: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 }),
  },
  { title: 'ProductionCycleData' },
);

export const AccountDataSchema = Type.Object(
  { businessName: Type.String({ minLength: 1, maxLength: 150 }) },
  { title: 'AccountData', additionalProperties: Type.Unknown() },
);

export const PortfolioSchema = component(
  'Portfolio',
  Type.Object({
    _id: Type.String(),
    identifier: Type.String(),
    accountData: AccountDataSchema,
    productionCycleData: ProductionCycleDataSchema,
    allowSelfApproval: Type.Boolean({
      description: 'Si el autor de una versión puede aprobarla para el cliente (por defecto no: cuatro ojos)',
    }),
    integraciones: Type.Array(IntegrationSchema),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  }),
);
