/**
 * Production, by concept: access (who may see and do what), cycles, items, material, the review flow,
 * strategy and files; `use-cases.ts` holds what the routes call (one function per request), with its effects.
 */
export * from './access.ts';
export * from './cycles.ts';
export * from './files.ts';
export * from './item-pages.ts';
export * from './items.ts';
export * from './material.ts';
export * from './members.ts';
export * from './queues.ts';
export * from './review.ts';
export * from './strategy.ts';
export * from './views.ts';
export * from './use-cases.ts';
