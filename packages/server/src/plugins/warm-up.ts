import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { createLazyCompilers } from '../lib/lazy-compilers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles when the route schemas compiled in the background after listen are all compiled. */
    warmedUp(): Promise<void>;
  }
}

/**
 * Route schemas compile on first use or in the background after listening, not before (lib/lazy-compilers):
 * the background compilation starts once the server listens and stops when it closes.
 */
export const warmUpPlugin = fp(warmUp, { name: 'crw-warm-up' });

async function warmUp(app: FastifyInstance, opts: { compilers: ReturnType<typeof createLazyCompilers> }) {
  const warming = new AbortController();
  let warmed: Promise<void> = Promise.resolve();
  app.addHook('onListen', async () => {
    warmed = opts.compilers.warmUp(warming.signal);
  });
  app.decorate('warmedUp', () => warmed);
  app.addHook('onClose', async () => warming.abort());
}
