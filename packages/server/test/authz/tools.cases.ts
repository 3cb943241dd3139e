import { createTool } from '../../src/services/tools.ts';
import { type AuthzCase, only, type World } from './types.ts';

const tool = async (w: World) => (await createTool(w.app.db, { name: 'Notion', kind: 'notion' }))._id;

export const cases: AuthzCase[] = [
  { route: 'GET /api/tools', request: () => ({ url: '/api/tools' }), expect: only.admin },
  {
    route: 'POST /api/tools',
    request: () => ({
      url: '/api/tools',
      payload: { name: 'Webhook', kind: 'webhook', config: { url: 'https://example.com/h', method: 'POST' } },
    }),
    expect: only.admin,
  },
  {
    route: 'GET /api/tools/:id',
    request: async (w) => ({ url: `/api/tools/${await tool(w)}` }),
    expect: only.admin,
  },
  {
    route: 'PUT /api/tools/:id',
    request: async (w) => ({ url: `/api/tools/${await tool(w)}`, payload: { enabled: false } }),
    expect: only.admin,
  },
  {
    route: 'DELETE /api/tools/:id',
    request: async (w) => ({ url: `/api/tools/${await tool(w)}` }),
    expect: only.admin,
  },
];
