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
  const buildSerializer = lazily<Serialize>(
    SerializerSelector() as unknown as Factory<Serialize>,
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
