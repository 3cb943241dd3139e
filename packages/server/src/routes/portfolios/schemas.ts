import { Type } from '@sinclair/typebox';
import { component, Timestamp } from '../../lib/schemas.ts';

export const IntegrationSchema = Type.Object(
  { _id: Type.String(), type: Type.Literal('notion'), paginaNotionId: Type.String(), createdAt: Timestamp },
  { title: 'Integration' },
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
    integraciones: Type.Array(IntegrationSchema),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  }),
);
