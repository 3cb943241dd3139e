/**
 * Every call of spec §7 exists in the OpenAPI document and as a function of the generated client.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as sdk from '../src/gen/sdk.gen.ts';

const doc = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};

/** Spec §7, one line per call (path parameters as {x}; "..." action paths expanded to the item route). */
export const specCalls = `
GET /users/search
GET /tools
POST /tools
GET /tools/{id}
PUT /tools/{id}
DELETE /tools/{id}
GET /portfolios
POST /portfolios
GET /portfolios/{id}
PUT /portfolios/{id}
DELETE /portfolios/{id}
GET /portfolios/check-identifier/{id}
POST /portfolios/{id}/integraciones/notion
GET /portfolios/{id}/integraciones
DELETE /portfolios/{id}/integraciones/{integrationId}
POST /auth/login
GET /auth/me
GET /users
POST /users
GET /users/{id}
PUT /users/{id}
DELETE /users/{id}
PATCH /users/{id}/permissions
GET /users/permissions/available
GET /users/permissions
GET /users/{id}/portfolio-access
POST /users/{id}/portfolio-access
DELETE /users/{id}/portfolio-access/{portfolioId}
GET /production/portfolios/{id}/current-cycle
GET /production/portfolios/{id}/cycles
POST /production/cycles
GET /production/cycles/{id}/items
POST /production/cycles/{id}/items
PUT /production/items/{id}
DELETE /production/items/{id}
POST /production/items/{id}/duplicate
POST /production/items/{id}/move
POST /production/portfolios/{id}/start
GET /production/cycles/{id}/items/strategy
POST /production/cycles/{id}/items/strategy
GET /agents/{portfolioId}
POST /agents/{portfolioId}
POST /agents/{portfolioId}/{agentId}/tasks
GET /agents/{portfolioId}/{agentId}
DELETE /agents/{portfolioId}/{agentId}
PUT /agents/{portfolioId}/{agentId}/tools
GET /tasks
GET /tasks/portfolio/{id}
GET /tasks/{id}
PUT /tasks/{id}
DELETE /tasks/{id}
POST /tasks
GET /comments
POST /comments
GET /comments/{id}
PUT /comments/{id}
DELETE /comments/{id}
POST /production/items/{id}/update-material
POST /production/items/{id}/mark-for-internal-review
POST /production/items/{id}/approve-for-client
POST /production/items/{id}/request-internal-changes
POST /production/items/{id}/create-material-version
GET /production/internal-review/pending
GET /production/items/{id}/material-version-history
POST /production/items/{id}/approve-client-review
POST /production/items/{id}/request-client-changes
GET /notifications
PUT /notifications/{id}/read
PUT /notifications/{id}/archive
GET /notifications/unread-count
POST /notifications/mark-all-read
POST /notifications/archive-all
POST /notifications/broadcast
POST /notifications/push-subscription
DELETE /notifications/push-subscription
POST /notifications/push-subscription/check
GET /notifications/push-subscriptions
POST /production/items/{id}/signed-url
GET /production/items/{id}/download-url
`
  .trim()
  .split('\n')
  .map((line) => {
    const [method, path] = line.trim().split(' ') as [string, string];
    return { method: method.toLowerCase(), path };
  });

/** Path parameter names may differ ({id} vs {portfolioId}); compare shapes. */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
const documented = new Map<string, string | undefined>();
for (const [path, ops] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(ops)) documented.set(`${method} ${shape(path)}`, op.operationId);
}

describe('spec §7 calls in the generated client', () => {
  it.each(specCalls)('$method $path', ({ method, path }) => {
    const key = `${method} ${shape(path)}`;
    expect(documented.has(key), `${key} is not in openapi.json`).toBe(true);
    const operationId = documented.get(key);
    expect(operationId, `${key} has no operationId`).toBeTruthy();
    expect(
      typeof (sdk as Record<string, unknown>)[operationId!],
      `sdk.${operationId} is not a function`,
    ).toBe('function');
  });

  it('lists 79 calls', () => {
    expect(specCalls).toHaveLength(79);
  });
});

describe('the start-up calls (gen/sdk-startup.gen.ts)', () => {
  it('are the generated calls themselves, so the first load carries four calls, not the whole client', async () => {
    const startup = await import('../src/gen/sdk-startup.gen.ts');
    const names = Object.keys(startup);
    expect(names.sort()).toEqual(['getMe', 'getPortfolio', 'listPortfolios', 'login']);
    for (const name of names) {
      expect(String((startup as Record<string, unknown>)[name]), name).toBe(
        String((sdk as Record<string, unknown>)[name]),
      );
    }
  });
});
