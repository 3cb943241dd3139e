/**
 * An agent's task statuses, declared once, here: the database's column type (db/schema/agents.ts), the API's
 * schema (routes/tasks/schemas.ts), the realtime event (contracts/events.ts) and the app (through
 * `@crw/api-client/tasks`) read them from this file. Nothing here imports anything, so the app's bundle takes
 * these few values and no server code.
 */
export const TASK_STATUSES = ['pending', 'running', 'done', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Tasks someone may still expect a result from: an agent's open tasks, the ones a person may cancel. */
export const OPEN_TASK_STATUSES = ['pending', 'running'] as const satisfies readonly TaskStatus[];
export const isOpenTask = (status: TaskStatus) =>
  (OPEN_TASK_STATUSES as readonly TaskStatus[]).includes(status);
