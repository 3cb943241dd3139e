/**
 * `npm run gen:api`: builds the app on an in-memory database, writes its OpenAPI document to
 * packages/api-client/openapi.json and regenerates packages/api-client/src/gen/ (hey-api, ofetch client).
 * CI runs it and fails when a committed file changes.
 */
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@hey-api/openapi-ts';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { loadEnv } from '../src/env.ts';

const clientDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../api-client');
const specPath = resolve(clientDir, 'openapi.json');

const database = await openDatabase({});
const app = await buildApp({
  env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(32) }),
  database,
  logger: false,
});
await app.ready();
const document = app.swagger();
await writeFile(specPath, `${JSON.stringify(document, null, 2)}\n`);
await app.close();
await database.close();

await createClient({
  input: specPath,
  output: { path: resolve(clientDir, 'src/gen'), clean: true },
  plugins: ['@hey-api/client-ofetch', '@hey-api/typescript', { name: '@hey-api/sdk' }],
  logs: { level: 'silent' },
});
console.log(`OpenAPI escrito en ${specPath} y cliente regenerado en src/gen/`);
