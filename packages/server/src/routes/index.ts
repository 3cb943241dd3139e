import type { FastifyPluginAsync } from 'fastify';
import { agentRoutes } from './agents/index.ts';
import { authRoutes } from './auth/index.ts';
import { commentRoutes } from './comments/index.ts';
import { healthRoutes } from './health/index.ts';
import { mailRoutes } from './mail/index.ts';
import { notificationRoutes } from './notifications/index.ts';
import { notificationPreferenceRoutes } from './notifications/preferences.ts';
import { portfolioRoutes } from './portfolios/index.ts';
import { cycleRoutes } from './production/cycles.ts';
import { dashboardRoutes } from './production/dashboard.ts';
import { productionRoutes } from './production/index.ts';
import { searchRoutes } from './search/index.ts';
import { settingsRoutes } from './settings/index.ts';
import { taskRoutes } from './tasks/index.ts';
import { toolRoutes } from './tools/index.ts';
import { userRoutes } from './users/index.ts';

/** Every API route module, mounted under /api. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(portfolioRoutes);
  await app.register(notificationRoutes);
  await app.register(notificationPreferenceRoutes);
  await app.register(toolRoutes);
  await app.register(cycleRoutes);
  await app.register(productionRoutes);
  await app.register(dashboardRoutes);
  await app.register(agentRoutes);
  await app.register(taskRoutes);
  await app.register(commentRoutes);
  await app.register(mailRoutes);
  await app.register(settingsRoutes);
  await app.register(searchRoutes);
};
