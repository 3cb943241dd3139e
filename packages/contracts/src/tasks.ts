/**
 * An agent's task statuses, declared once, here: the server's database column type (db/schema/agents.ts), its
 * API schema (routes/tasks/schemas.ts), the realtime event (events.ts) and the app read them from this file,
 * `@crw/contracts/tasks`. Nothing here imports anything, so the app's bundle takes these few values and no
 * server code.
 */
export const TASK_STATUSES = ['pending', 'running', 'done', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Tasks someone may still expect a result from: an agent's open tasks, the ones a person may cancel. */
export const OPEN_TASK_STATUSES = ['pending', 'running'] as const satisfies readonly TaskStatus[];
export const isOpenTask = (status: TaskStatus) =>
  (OPEN_TASK_STATUSES as readonly TaskStatus[]).includes(status);
