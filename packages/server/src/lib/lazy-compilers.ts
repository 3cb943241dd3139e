import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * Fastify's own validator (ajv) and serializer (fast-json-stringify) compilers, compiled on first use instead of
 * at start-up: compiling every route's schemas took about 2 of the 2.5 s a start cost. Each route's validators
 * and serializers compile the first time it is called, or in the background soon after the server listens
 * (`warmUp`), whichever comes first; the code they produce is the same as Fastify's defaults.
 */
type Compile<F> = (route: unknown) => F;
type Factory<F> = (externalSchemas: unknown, options: unknown) => Compile<F>;
type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Serialize = (data: unknown) => string;

export function createLazyCompilers() {
  const pending: Array<() => unknown> = [];
  const lazily = <F>(factory: Factory<F>, wrap: (get: () => F) => F): Factory<F> => {
    return (externalSchemas, options) => {
      let compiler: Compile<F> | undefined;
      return (route) => {
        let compiled: F | undefined;
        const get = () => {
          compiler ??= factory(externalSchemas, options);
          compiled ??= compiler(route);
          return compiled;
        };
        pending.push(get);
        return wrap(get);
      };
    };
  };
  const buildValidator = lazily<Validate>(AjvCompiler() as unknown as Factory<Validate>, (get) => {
    // Fastify reads a failed validation's errors from the function it was given.
    const validate: Validate = (data) => {
      const real = get();
      const result = real(data);
      validate.errors = real.errors;
      return result;
    };
    return validate;
  });
  const serializers = SerializerSelector() as unknown as Factory<Serialize>;
  const buildSerializer = lazily<Serialize>(
    (externalSchemas, options) => (route) =>
      serializers(reachableSchemas((route as { schema?: unknown }).schema, externalSchemas), options)(route),
    (get) => (data) => get()(data),
  );
  return {
    // The wrappers behave as the functions they stand for (called with data, `errors` on the validator).
    compilersFactory: { buildValidator, buildSerializer } as unknown as CompilersFactory,
    /** Compiles what is still pending, a few at a time between other work; answers when all are done. */
    async warmUp(signal?: AbortSignal): Promise<void> {
      while (pending.length > 0 && !signal?.aborted) {
        for (const get of pending.splice(0, 8)) get();
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

/**
 * The shared schemas (`app.addSchema`, keyed by `$id`) that a schema reaches through `$ref`, directly or through
 * one another: all a route's serializer needs of them. fast-json-stringify checks and indexes every shared schema
 * it is given, for each route: given all of them, the routes' serializers took ~1.6 s of CPU and grew the heap to
 * ~140 MB after a start. The code it writes is the same: a schema it is not given is one it never reads.
 */
export function reachableSchemas(schema: unknown, external: unknown): Record<string, unknown> {
  const shared = (external ?? {}) as Record<string, unknown>;
  const found: Record<string, unknown> = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key !== '$ref' || typeof value !== 'string') {
        visit(value);
        continue;
      }
      const id = value.split('#')[0]!;
      if (id && !Object.hasOwn(found, id) && Object.hasOwn(shared, id)) {
        found[id] = shared[id];
        visit(shared[id]);
      }
    }
  };
  visit(schema);
  return found;
}
