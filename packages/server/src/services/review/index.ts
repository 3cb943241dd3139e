/**
 * The review domain's public face: what routes, plugins, app.ts and the other domains may import. Production
 * (cycles, items, material, the review flow, files, strategy: production/), the status transitions, comments
 * and portfolios. Inside the domain, files import each other directly.
 */
export * from './comment-suggestions.ts';
export * from './comment-use-cases.ts';
export * from './comments.ts';
export * from './portfolios.ts';
export * from './production/dashboard.ts';
export * from './production/index.ts';
export * from './transitions.ts';
