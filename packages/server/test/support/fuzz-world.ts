/**
 * What the API fuzzer (fuzz.test.ts) works on: the OpenAPI operations' shapes, the actors, and the rows it
 * aims its requests at, seeded in two portfolios (the actors' own and another one).
 */
import { randomUUID } from 'node:crypto';
import type { App } from '../../src/app.ts';
import { portfolioAccess } from '../../src/db/schema/grants.ts';
import {
  agents,
  comments,
  cycles,
  files,
  items,
  portfolioIntegrations,
  tasks,
  tools,
  users,
} from '../../src/db/schema.ts';
import { insertNotification, makePortfolio, type TestUser } from '../helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema from the OpenAPI document.
export type Schema = any;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface Param {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}
export interface Operation {
  method: Method;
  path: string;
  params: Param[];
  body?: Schema;
}
export interface Actor {
  name: string;
  headers: Record<string, string>;
}

/** The rows a run works on, by kind; rebuilt before destructive operations. */
export interface World {
  portfolio: string[];
  cycle: string[];
  item: string[];
  agent: string[];
  task: string[];
  comment: string[];
  tool: string[];
  /** Users the fuzzer may edit or delete: never the actors themselves. */
  victim: string[];
  /** Any user, actors included (assignees, mentions, broadcast audiences). */
  member: string[];
  integration: string[];
  notification: string[];
  s3Key: string[];
}

/** The users whose sessions the fuzzer uses, besides the admin. */
export interface Staff {
  employee: TestUser;
  client: TestUser;
  viewer: TestUser;
  stranger: TestUser;
}

/** Two portfolios (the actors' own and another one) with a cycle, items in three states, and the rest. */
export async function seedWorld(app: App, staff: Staff): Promise<World> {
  const { employee, client, viewer, stranger } = staff;
  const w: World = {
    portfolio: [],
    cycle: [],
    item: [],
    agent: [],
    task: [],
    comment: [],
    tool: [],
    victim: [],
    member: [employee.id, client.id, viewer.id, stranger.id],
    integration: [],
    notification: [],
    s3Key: [],
  };
  const victims = await app.db
    .insert(users)
    .values(
      (['employee', 'client'] as const).map((role) => ({
        email: `victima-${randomUUID().slice(0, 8)}@test.local`,
        name: `Víctima ${role}`,
        role,
        passwordHash: 'x',
      })),
    )
    .returning();
  w.victim.push(...victims.map((v) => v.id));
  w.member.push(...w.victim);
  const own = await makePortfolio(app, [employee, client]);
  const other = await makePortfolio(app, [stranger]);
  await app.db
    .insert(portfolioAccess)
    .values({ userId: viewer.id, portfolioId: own._id, permissions: ['portfolio.view'] });
  for (const p of [own, other]) {
    w.portfolio.push(p._id);
    const [cycle] = await app.db
      .insert(cycles)
      .values({ portfolioId: p._id, startDate: '2060-01-01', endDate: '2060-01-14' })
      .returning();
    w.cycle.push(cycle!.id);
    const made = await app.db
      .insert(items)
      .values(
        (['draft', 'client_review', 'approved'] as const).map((status) => ({
          portfolioId: p._id,
          cycleId: cycle!.id,
          title: `Pieza ${status}`,
          status,
          assigneeId: employee.id,
        })),
      )
      .returning();
    w.item.push(...made.map((i) => i.id));
    const keys = made.map((i) => `items/${i.id}/${randomUUID()}.png`);
    await app.db
      .insert(files)
      .values(
        made.map((i, n) => ({ itemId: i.id, s3Key: keys[n]!, fileName: 'a.png', fileType: 'image/png' })),
      );
    w.s3Key.push(...keys);
    const [agent] = await app.db.insert(agents).values({ portfolioId: p._id, name: 'Agente' }).returning();
    w.agent.push(agent!.id);
    const [task] = await app.db
      .insert(tasks)
      .values({ portfolioId: p._id, agentId: agent!.id, title: 'Tarea', itemId: made[0]!.id })
      .returning();
    w.task.push(task!.id);
    const made2 = await app.db
      .insert(comments)
      .values(
        (['internal', 'client'] as const).map((visibility) => ({
          portfolioId: p._id,
          entityId: made[1]!.id,
          entityType: 'item' as const,
          body: 'Hola',
          visibility,
          authorId: employee.id,
        })),
      )
      .returning();
    w.comment.push(...made2.map((c) => c.id));
    const [integration] = await app.db
      .insert(portfolioIntegrations)
      .values({ portfolioId: p._id, paginaNotionId: 'abcdef0123456789' })
      .returning();
    w.integration.push(integration!.id);
  }
  const [tool] = await app.db
    .insert(tools)
    .values({ name: 'Webhook', kind: 'webhook', config: { url: 'https://example.com/h', method: 'POST' } })
    .returning();
  w.tool.push(tool!.id);
  for (const userId of w.member)
    w.notification.push((await insertNotification(app.db, [userId], { title: 'Aviso', content: 'Hola' })).id);
  return w;
}
