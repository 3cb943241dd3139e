import { Type } from '@sinclair/typebox';
import { TASK_STATUSES } from '@crw/contracts/tasks';
import { component, IsoDate, Timestamp } from '../../lib/schemas.ts';

export const TaskStatusSchema = Type.Union(TASK_STATUSES.map((s) => Type.Literal(s)));
const Nullable = <T extends import('@sinclair/typebox').TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const TaskSchema = component(
  'Task',
  Type.Object({
    _id: Type.String(),
    title: Type.String(),
    instructions: Type.String(),
    agentId: Type.String(),
    portfolioId: Type.String(),
    itemId: Nullable(Type.String()),
    status: TaskStatusSchema,
    result: Nullable(Type.String()),
    /** Runs tried by the server (through the agent's webhook tools) and the last one's error. */
    attempts: Type.Integer(),
    error: Nullable(Type.String()),
    /** The technical detail of that error (the network error or the tool's status and answer), shown behind «Detalles». */
    errorDetail: Nullable(Type.String()),
    startedAt: Nullable(Timestamp),
    finishedAt: Nullable(Timestamp),
    dueDate: Nullable(IsoDate),
    proposedMaterial: Nullable(
      Type.Object(
        { copy: Type.Optional(Type.String()), links: Type.Optional(Type.Array(Type.String())) },
        {
          description:
            'Material que el agente propuso para una pieza que estaba en revisión: no se aplicó (apply-proposal)',
        },
      ),
    ),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  }),
);

/** The fields a new task takes, shared by `POST /tasks` and `POST /agents/{portfolioId}/{agentId}/tasks`. */
export const TaskFields = {
  title: Type.String({ minLength: 1, maxLength: 200 }),
  instructions: Type.Optional(Type.String({ maxLength: 20000 })),
  // minLength 1: with type coercion, a null would otherwise become "" in the string branch; null unlinks.
  itemId: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
  dueDate: Type.Optional(Nullable(IsoDate)),
};
