import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The grants are a file of their own, out of the barrel (db/schema.ts says why).
  schema: ['./src/db/schema.ts', './src/db/schema/grants.ts'],
  out: './drizzle',
});
