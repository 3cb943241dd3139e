/**
 * size-limit's checks (`npx size-limit`, run by `npm test`'s budgets suite): the budgets of scripts/budgets.mjs,
 * each over the built files it names, gzip. A route over its budget fails the run. The route budgets are in KiB
 * (1,024 bytes), as the issues that set them measured them; the first load the HTML names, and all of /auth's
 * JavaScript with its screen's chunks, are held to the stricter 130 kB (1,000 bytes each).
 */
import { AUTH_KB, analyse, FIRST_LOAD_KB } from './scripts/budgets.mjs';

const { checks, firstLoad, authLoad } = analyse();
const at = (files) => files.map((f) => `packages/app/dist/${f}`);

export default [
  { name: 'carga inicial (index.html)', path: at(firstLoad), limit: `${FIRST_LOAD_KB} kB`, gzip: true },
  { name: '/auth con su pantalla', path: at(authLoad), limit: `${AUTH_KB} kB`, gzip: true },
  ...checks.map((c) => ({
    name: `${c.name}${c.whole ? ' (en total)' : ' (propios)'}`,
    // A budget whose entry is missing from the build points at a file that does not exist, so it fails.
    path: c.missing ? [`packages/app/dist/falta-${c.source.replaceAll('/', '_')}`] : at(c.own),
    limit: `${c.kb} KiB`,
    gzip: true,
  })),
];
