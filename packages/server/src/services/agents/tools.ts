import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { agents, tools } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';

type ToolRow = typeof tools.$inferSelect;
export type ToolKind = 'webhook' | 'notion';

export interface ToolInput {
  name: string;
  description?: string;
  kind: ToolKind;
  config?: { url?: string; method?: string };
  enabled?: boolean;
}

export const toTool = (row: ToolRow) => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  kind: row.kind,
  config: row.config,
  enabled: row.enabled,
  secret: row.secret,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The trimmed name, or a 400 when nothing but spaces was sent. */
function toolName(value: string) {
  const name = value.trim();
  if (!name)
    throw new AppError('VALIDATION', "El campo 'name' está vacío", [
      { field: 'name', message: 'Está vacío' },
    ]);
  return name;
}

/** A webhook needs an http(s) URL and a method. */
function validate(kind: ToolKind, config: ToolInput['config'] = {}) {
  if (kind !== 'webhook') return;
  if (!config.url || !/^https?:\/\/\S+$/.test(config.url)) {
    throw new AppError(
      'VALIDATION',
      "El campo 'config.url' debe ser una URL http(s) para una herramienta webhook",
      [{ field: 'config.url', message: 'URL http(s) obligatoria' }],
    );
  }
  if (!config.method) {
    throw new AppError('VALIDATION', "Falta el campo obligatorio 'config.method'", [
      { field: 'config.method', message: 'Obligatorio' },
    ]);
  }
}

export async function listTools(db: DbOrTx) {
  return (await db.select().from(tools).orderBy(asc(tools.name))).map(toTool);
}

export async function getTool(db: DbOrTx, id: string) {
  const [row] = await db.select().from(tools).where(eq(tools.id, id));
  if (!row) throw notFound('tool');
  return row;
}

/** Why a webhook's destination would be refused (the sender's `destinationProblem`), asked before saving. */
export type DestinationCheck = (url: string) => Promise<string | undefined>;

/** A webhook whose every call would be refused is not saved: 400 with the reason at once (issue 49). */
async function checkDestination(kind: ToolKind, config: ToolInput['config'], check?: DestinationCheck) {
  if (kind !== 'webhook' || !check || !config?.url) return;
  const problem = await check(config.url);
  if (problem)
    throw new AppError('VALIDATION', problem, [{ field: 'config.url', message: 'Destino no permitido' }]);
}

export async function createTool(db: DbOrTx, input: ToolInput, check?: DestinationCheck) {
  validate(input.kind, input.config);
  await checkDestination(input.kind, input.config, check);
  const [row] = await db
    .insert(tools)
    .values({
      name: toolName(input.name),
      description: input.description ?? '',
      kind: input.kind,
      config: input.config ?? {},
      enabled: input.enabled ?? true,
    })
    .returning();
  return toTool(row!);
}

export async function updateTool(
  db: DbOrTx,
  id: string,
  input: Partial<ToolInput>,
  check?: DestinationCheck,
) {
  const current = await getTool(db, id);
  const kind = input.kind ?? current.kind;
  const config = input.config ?? current.config;
  validate(kind, config);
  if (input.config || input.kind) await checkDestination(kind, config, check);
  const [row] = await db
    .update(tools)
    .set({
      ...(input.name !== undefined ? { name: toolName(input.name) } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      kind,
      config,
    })
    .where(eq(tools.id, id))
    .returning();
  if (!row) throw notFound('tool'); // deleted meanwhile
  return toTool(row);
}

/** Deleting a tool also removes it from every agent that had it. */
export async function deleteTool(db: DbOrTx, id: string) {
  await getTool(db, id);
  await db.transaction(async (tx) => {
    await tx
      .update(agents)
      .set({
        tools: sql`coalesce((select jsonb_agg(t) from jsonb_array_elements_text(${agents.tools}) t where t <> ${id}), '[]'::jsonb)`,
      })
      .where(sql`${agents.tools} ? ${id}`);
    await tx.delete(tools).where(eq(tools.id, id));
  });
}
