import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found from this module whether it runs from its source (`src/paths.ts`, under
 * tsx and the tests) or from the compiled bundle (`dist/server.js`): the nearest folder with a package.json.
 */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No se encontró package.json por encima de ${from}`);
  }
}

export const serverRoot = packageRoot(dirname(fileURLToPath(import.meta.url)));
/** The committed migrations (the same files for PGlite and PostgreSQL). */
export const migrationsFolder = join(serverRoot, 'drizzle');
/** The built SPA, beside the server in the workspace (APP_DIST_DIR overrides it). */
export const defaultDistDir = resolve(serverRoot, '../app/dist');
