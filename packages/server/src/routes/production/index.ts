import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fileRoutes } from './files.ts';
import { itemRoutes } from './items.ts';
import { reviewRoutes } from './review.ts';
import { strategyRoutes } from './strategy.ts';

/**
 * Production routes by subject (cycles and the dashboards are registered on their own: routes/index.ts). The
 * order is the OpenAPI document's order of paths.
 */
export const productionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(itemRoutes);
  await app.register(reviewRoutes);
  await app.register(strategyRoutes);
  await app.register(fileRoutes);
};
