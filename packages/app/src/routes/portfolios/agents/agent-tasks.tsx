import type { AgentDetail, Task } from '@crw/api-client';
import { isOpenTask, TASK_STATUSES } from '@crw/contracts/tasks';
import { Badge, Button, EmptyState, ErrorDetails, RichTextContent, Select, Skeleton } from '@crw/ui';
import { ListTodoIcon, PlusIcon, RotateCcwIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { agentsMsg } from '../../../features/agents/messages.ts';
import {
  agentsStore,
  applyProposal,
  loadTasks,
  setTaskStatus,
  type TaskStatus,
} from '../../../features/agents/store.ts';
import { ConfirmFor } from '../../../features/common/confirm-for.tsx';
import { onReconnected, onTasksChanged } from '../../../features/notifications/realtime.ts';
import { toast, toastOutcome } from '../../../features/system/store.ts';
import { formatDateTime, formatDay } from '../../../lib/dates.ts';
import { linkClass } from './agent-parts.tsx';
import { TaskDialog } from './task-dialog.tsx';

const t = agentsMsg.tasks;
const ALL = 'all';

const variants = {
  pending: 'secondary',
  running: 'info',
  done: 'success',
  failed: 'destructive',
  cancelled: 'outline',
} as const satisfies Record<TaskStatus, string>;

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge variant={variants[status]} data-task-status={status}>
      {t.statuses[status]}
    </Badge>
  );
}

/** The agent's tasks, filtered by status and live: the runner's changes arrive over the socket. */
export function AgentTasks({ agent }: { agent: AgentDetail }) {
  const detail = useSnapshot(agentsStore).detail;
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<Task | null>(null);

  useEffect(() => {
    void loadTasks(agent._id);
    const offTasks = onTasksChanged((e) => e.agentId === agent._id && void loadTasks(agent._id));
    const offReconnect = onReconnected(() => void loadTasks(agent._id));
    return () => {
      offTasks();
      offReconnect();
    };
  }, [agent._id]);

  const change = (task: Task, status: 'cancelled' | 'pending') =>
    toastOutcome(
      () => setTaskStatus(task, status),
      status === 'cancelled' ? t.cancelled(task.title) : t.requeued(task.title),
      t.updateError,
    );

  const tasks = detail.tasks as Task[];
  let body: React.ReactNode;
  if (detail.tasksError && tasks.length === 0) {
    body = (
      <div role="alert" className="space-y-2 text-sm text-destructive">
        <p>{detail.tasksError}</p>
        <Button size="sm" variant="outline" onClick={() => void loadTasks(agent._id)}>
          {agentsMsg.retry}
        </Button>
      </div>
    );
  } else if (detail.tasksLoading && tasks.length === 0) {
    body = (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  } else if (tasks.length === 0) {
    body = (
      <EmptyState
        icon={<ListTodoIcon />}
        title={detail.status ? t.emptyFiltered : t.empty}
        action={
          detail.status ? null : (
            <Button variant="outline" onClick={() => setCreating(true)}>
              <PlusIcon aria-hidden="true" />
              {t.new}
            </Button>
          )
        }
      />
    );
  } else {
    body = (
      <ul className="space-y-3" aria-label={t.title}>
        {tasks.map((task) => (
          <TaskRow
            key={task._id}
            task={task}
            onCancel={() => setCancelling(task)}
            onRetry={() => void change(task, 'pending')}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full sm:w-56">
          <Select
            aria-label={t.filter}
            value={detail.status ?? ALL}
            onValueChange={(v) => void loadTasks(agent._id, v === ALL ? null : (v as TaskStatus))}
            options={[
              { value: ALL, label: t.all },
              ...TASK_STATUSES.map((s) => ({ value: s, label: t.statuses[s] })),
            ]}
          />
        </div>
        <Button onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden="true" />
          {t.new}
        </Button>
      </div>
      {body}
      <TaskDialog open={creating} agent={agent} onOpenChange={setCreating} />
      <ConfirmFor
        target={cancelling}
        onClose={() => setCancelling(null)}
        title={(task) => t.confirmCancel(task.title)}
        description={t.confirmCancelDescription}
        confirmLabel={t.cancelTask}
        cancelLabel={t.keep}
        onConfirm={(task) => void change(task, 'cancelled')}
      />
    </div>
  );
}

function TaskRow({ task, onCancel, onRetry }: { task: Task; onCancel: () => void; onRetry: () => void }) {
  return (
    <li data-task={task._id} className="space-y-2 rounded-lg border border-border p-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h4 className="font-medium break-words">{task.title}</h4>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
            <TaskStatusBadge status={task.status} />
            <span>{t.createdOn(formatDateTime(task.createdAt))}</span>
            {task.dueDate ? <span>· {t.dueOn(formatDay(task.dueDate))}</span> : null}
            {task.attempts > 0 ? <span>· {t.attempts(task.attempts)}</span> : null}
            {task.itemId ? (
              <Link
                to={`/portfolios/${task.portfolioId}/production?item=${task.itemId}`}
                className={linkClass}
              >
                {t.linkedItem}
              </Link>
            ) : null}
          </p>
        </div>
        {isOpenTask(task.status) ? (
          <Button size="sm" variant="outline" aria-label={t.cancelOf(task.title)} onClick={onCancel}>
            <XIcon aria-hidden="true" />
            {t.cancelTask}
          </Button>
        ) : task.status === 'failed' || task.status === 'cancelled' ? (
          <Button size="sm" variant="outline" aria-label={t.retryOf(task.title)} onClick={onRetry}>
            <RotateCcwIcon aria-hidden="true" />
            {agentsMsg.retry}
          </Button>
        ) : null}
      </div>
      {task.instructions ? (
        <p className="break-words whitespace-pre-wrap text-muted-foreground">{task.instructions}</p>
      ) : null}
      {task.result ? (
        <div className="rounded-md bg-muted p-2" data-task-result>
          <p className="text-xs font-medium">{t.result}</p>
          <p className="break-words whitespace-pre-wrap">{task.result}</p>
        </div>
      ) : null}
      {task.proposedMaterial ? <ProposalBox task={task} /> : null}
      {task.error ? (
        <ErrorDetails
          data-task-error
          className="p-2"
          title={
            task.status === 'failed' ? t.failedError : isOpenTask(task.status) ? t.retryingError : t.error
          }
          message={task.error}
          detail={task.errorDetail}
        />
      ) : null}
    </li>
  );
}

/** An agent's material kept on the task because its piece was under review, with the way to apply it. */
function ProposalBox({ task }: { task: Task }) {
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    setBusy(true);
    try {
      await applyProposal(task);
      toast.success(t.applied(task.title));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t.applyError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2 rounded-md border border-border p-2" data-task-proposal>
      <p className="text-xs font-medium">{t.proposal}</p>
      {task.proposedMaterial?.copy ? <RichTextContent html={task.proposedMaterial.copy} /> : null}
      {task.proposedMaterial?.links?.length ? (
        <ul className="text-xs break-all">
          {task.proposedMaterial.links.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      ) : null}
      <Button
        size="sm"
        disabled={busy}
        aria-label={t.applyProposalOf(task.title)}
        onClick={() => void apply()}
      >
        {t.applyProposal}
      </Button>
    </div>
  );
}
