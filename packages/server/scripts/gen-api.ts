/**
 * `npm run gen:api`: builds the app on an in-memory database, writes its OpenAPI document to
 * packages/api-client/openapi.json and regenerates packages/api-client/src/gen/ (hey-api, ofetch client).
 * CI runs it and fails when a committed file changes.
 */
import { readFile, writeFile } from 'node:fs/promises';
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

/**
 * The calls the app makes before any screen (sign-in, the current user, the portfolio list), copied from
 * sdk.gen.ts into a module of their own: a module lives in one chunk, so whatever imports sdk.gen.ts at start-up
 * puts every API call in the first load, and each new route made it heavier (issue 29: /auth crossed issue 14's
 * 130 kB). The screens import sdk.gen.ts from their own chunks.
 */
const STARTUP_CALLS = ['login', 'getMe', 'listPortfolios', 'getPortfolio'];
const sdkPath = resolve(clientDir, 'src/gen/sdk.gen.ts');
const sdk = await readFile(sdkPath, 'utf8');
const blocks = STARTUP_CALLS.map((name) => {
  const start = sdk.indexOf(`export const ${name} = `);
  const end = sdk.indexOf('\n});\n', start);
  if (start < 0 || end < 0) throw new Error(`${name} no está en sdk.gen.ts`);
  return sdk.slice(start, end + 5);
});
const types = [...new Set(blocks.join('\n').match(/\b[A-Z]\w+(?:Data|Responses|Errors)\b/g))].sort();
await writeFile(
  resolve(clientDir, 'src/gen/sdk-startup.gen.ts'),
  [
    '// This file is written by packages/server/scripts/gen-api.ts from sdk.gen.ts: the calls made at start-up.',
    '',
    "import type { Options } from './sdk.gen';",
    "import { client } from './client.gen';",
    `import type { ${types.join(', ')} } from './types.gen';`,
    '',
    blocks.join('\n\n'),
    '',
  ].join('\n'),
);
console.log(`OpenAPI escrito en ${specPath} y cliente regenerado en src/gen/`);
