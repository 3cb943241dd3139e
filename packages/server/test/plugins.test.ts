import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { notifierPlugin } from '../src/plugins/notifier.ts';
import { workersPlugin } from '../src/plugins/workers.ts';

// buildApp registers its plugins in dependency order (src/app.ts); each names the plugins it needs, so a plugin
// registered before what it uses stops the boot instead of reaching a property that is not there yet.
describe('the app plugins refuse a wrong order', () => {
  it('a plugin registered before the decorations it uses', async () => {
    const app = Fastify({ logger: false });
    app.register(notifierPlugin);
    await expect(app.ready()).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE',
      message: expect.stringContaining("required by 'crw-notifier'"),
    });
  });

  it('a plugin registered before the plugins it depends on, even when their properties are there', async () => {
    const app = Fastify({ logger: false });
    for (const name of ['env', 'db', 'mail', 'notifier', 'productionEvents', 'webhooks'])
      app.decorate(name, {});
    app.register(workersPlugin);
    await expect(app.ready()).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
      message: expect.stringContaining("'crw-core'"),
    });
  });
});
