import { createTool } from '../../src/services/agents/tools.ts';
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
  {
    route: 'POST /api/tools/:id/test',
    // A loopback port nobody listens on: the admin gets the failed test's report (200), others nothing.
    request: async (w) => ({
      url: `/api/tools/${
        (
          await createTool(w.app.db, {
            name: 'Webhook',
            kind: 'webhook',
            config: { url: 'http://127.0.0.1:9/hook', method: 'POST' },
          })
        )._id
      }/test`,
    }),
    expect: only.admin,
  },
];
