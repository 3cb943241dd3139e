// The generator's settings live in packages/server/scripts/gen-api.ts (`npm run gen:api`), which first
// writes openapi.json from the server and then generates src/gen/. This file lets `npx openapi-ts` run the
// same generation from the committed document alone.
import { defineConfig } from '@hey-api/openapi-ts';

export default defineConfig({
  input: './openapi.json',
  output: { path: './src/gen', clean: true },
  plugins: ['@hey-api/client-ofetch', '@hey-api/typescript', { name: '@hey-api/sdk' }],
});
