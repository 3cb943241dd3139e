/**
 * The workspace's import boundaries (issue 46), checked by `npm run check:boundaries` (part of `npm run check`)
 * over `packages/*\/src`. Each rule names who may not import what; scripts/check-boundaries.test.mjs plants a
 * violation of each one and expects it to fail. Type-only imports count too (tsPreCompilationDeps).
 * @type {import('dependency-cruiser').IConfiguration}
 */
const server = '^packages/server/src/';

module.exports = {
  forbidden: [
    {
      name: 'grants-only-in-policy',
      severity: 'error',
      comment:
        'Who may open a portfolio is decided once, by the policy (src/policy.ts or src/policy/): nothing else ' +
        'reads the grants table (db/schema/grants.ts). Ask the policy (visiblePortfolioIds, reviewersOf, …).',
      from: { path: server, pathNot: `${server}(policy\\.ts$|policy/|db/)` },
      to: { path: `${server}db/schema/grants\\.ts$` },
    },
    {
      name: 'routes-no-database',
      severity: 'error',
      comment: 'Routes are thin: they call services, never the database or drizzle-orm themselves.',
      from: { path: `${server}routes/` },
      to: { path: [`${server}db/`, '(^|/)node_modules/drizzle-orm/'] },
    },
    {
      name: 'client-not-server',
      severity: 'error',
      comment:
        'The app and the ui take nothing from packages/server: what they share is @crw/contracts or the ' +
        'generated @crw/api-client.',
      from: { path: '^packages/(app|ui)/' },
      to: { path: '^packages/server/' },
    },
    {
      name: 'ui-stands-alone',
      severity: 'error',
      comment: 'The design system knows nothing of the app or the API: it imports neither.',
      from: { path: '^packages/ui/' },
      to: { path: '^packages/(app|api-client)/' },
    },
    {
      name: 'services-not-routes-or-plugins',
      severity: 'error',
      comment: 'Services are called by routes and plugins, never the other way round: nothing climbs back.',
      from: { path: `${server}services/` },
      to: { path: `${server}(routes|plugins)/` },
    },
    {
      name: 'domains-through-their-index',
      severity: 'error',
      comment:
        'services/ is grouped by domain (review, people, notify, agents, integrations, storage, jobs): from ' +
        "outside a domain's folder (routes, plugins, lib, app.ts, services/ports.ts, another domain) only its " +
        'index.ts, its public face, is imported. Inside the domain, files import each other directly.',
      // $1 is where the importer is: its domain's folder (services/<d>/), or else its whole path, which
      // names no domain's folder. dependency-cruiser puts from.path's groups into to.pathNot's $1.
      from: { path: `${server}(services/[^/]+/|(?!services/[^/]+/).+)` },
      to: { path: `${server}services/[^/]+/`, pathNot: `${server}(services/[^/]+/index\\.ts$|$1)` },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No module reaches itself again through its imports.',
      // The generated client (api-client/src/gen) is openapi-ts's output, not ours to reshape.
      from: { path: '^packages/[^/]+/src/', pathNot: '^packages/api-client/src/gen/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
    },
  },
};
