import { Type } from '@sinclair/typebox';

/**
 * Ids as the routes take them. No `component()` here: importing this module registers nothing, so it never moves a
 * named schema in the OpenAPI document.
 */

/** An entity's id where a route takes one (path, body or query): never empty, never longer than 100. */
export const EntityId = Type.String({ minLength: 1, maxLength: 100 });

/** Path parameters that are all ids, in the path's order: `idParams('portfolioId', 'agentId')`. */
export const idParams = <K extends string>(...names: K[]) =>
  Type.Object(Object.fromEntries(names.map((name) => [name, EntityId])) as Record<K, typeof EntityId>);
