import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { broadcast } from '../../src/services/notify/broadcast.ts';
import { syncNotionNow } from '../../src/services/review/portfolios.ts';
import type { Ports } from '../../src/services/ports.ts';
import type { ItemRow } from '../../src/services/review/production/index.ts';
import { editItem } from '../../src/services/review/production/use-cases.ts';

/**
 * Use-cases reach the database and their after-commit effects only through the ports they are given
 * (services/ports.ts): a call refused before anything is written touches neither, so no screen, person or
 * worker hears of a change that did not happen.
 */
const untouchable = new Proxy(
  {},
  {
    get: (_, key) => {
      throw new Error(`no database access expected (${String(key)})`);
    },
  },
) as Db;

function fakePorts() {
  return {
    db: untouchable,
    database: {},
    productionEvents: { publish: vi.fn(), comment: vi.fn(), task: vi.fn(), forget: vi.fn() },
    notifier: { create: vi.fn(), createForAudience: vi.fn(), deliver: vi.fn(), notify: vi.fn() },
    notionSync: { configured: false, kick: vi.fn() },
    agentRunner: { kick: vi.fn() },
    usersChanged: vi.fn(),
    onPortfolioDeleted: vi.fn(),
  } as unknown as Ports & {
    productionEvents: { publish: ReturnType<typeof vi.fn> };
    notifier: Record<'create' | 'createForAudience' | 'deliver', ReturnType<typeof vi.fn>>;
    notionSync: { kick: ReturnType<typeof vi.fn> };
  };
}

const actor = { id: 'u1', role: 'employee' as const, permissions: [] };

describe('use-cases and their ports', () => {
  it('an edit of a stale item is 409 and announces nothing', async () => {
    const ports = fakePorts();
    const access = { item: { version: 3 } as ItemRow, perms: new Set<string>(), internal: true };
    await expect(editItem(ports, actor, access, { version: 2, title: 'x' })).rejects.toMatchObject({
      code: 'CONCURRENT_UPDATE',
    });
    await expect(editItem(ports, actor, access, { version: 3 })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    expect(ports.productionEvents.publish).not.toHaveBeenCalled();
  });

  it('a broadcast whose link opens no screen is refused before anyone is written to or told', async () => {
    const ports = fakePorts();
    await expect(
      broadcast(ports, { title: 't', content: 'c', url: '/no-such-screen' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    expect(ports.notifier.createForAudience).not.toHaveBeenCalled();
    expect(ports.notifier.create).not.toHaveBeenCalled();
    expect(ports.notifier.deliver).not.toHaveBeenCalled();
  });

  it('«Sincronizar ahora» without a Notion token is 409 and wakes no sync', async () => {
    const ports = fakePorts();
    await expect(syncNotionNow(ports, 'p1')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(ports.notionSync.kick).not.toHaveBeenCalled();
  });
});
