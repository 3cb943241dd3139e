/**
 * An agent's task statuses and which of them are open, as the server declares them
 * (packages/server/src/contracts/tasks.ts, a file that imports nothing).
 */
export {
  isOpenTask,
  OPEN_TASK_STATUSES,
  TASK_STATUSES,
  type TaskStatus,
} from '../../server/src/contracts/tasks.ts';
