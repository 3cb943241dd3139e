import type { Agent } from '@crw/api-client';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  EmptyState,
  IconButton,
  Switch,
} from '@crw/ui';
import { BotIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { agentsMsg as t } from '../../features/agents/messages.ts';
import { agentsStore, deleteAgent, loadAgents } from '../../features/agents/store.ts';
import { onReconnected, onTasksChanged } from '../../features/notifications/realtime.ts';
import { toast } from '../../features/system/store.ts';
import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';
import { AgentDialog } from './agents/agent-dialog.tsx';
import { useToggleActive } from './agents/agent-parts.tsx';

/** /portfolios/{id}/agents: the portfolio's agents with their open tasks; create, edit, (de)activate, delete. */
export default function AgentsScreen() {
  const { portfolioId = '' } = useParams();
  const navigate = useNavigate();
  const list = useSnapshot(agentsStore).list;
  const [dialog, setDialog] = useState<{ open: boolean; agent: Agent | null }>({ open: false, agent: null });
  const [deleting, setDeleting] = useState<Agent | null>(null);
  const toggle = useToggleActive();

  const reload = useCallback(() => void loadAgents(portfolioId), [portfolioId]);
  useEffect(reload, [reload]);
  useEffect(() => {
    // The open-task counts follow the runner without a reload.
    const offTasks = onTasksChanged((e) => e.portfolioId === portfolioId && reload());
    const offReconnect = onReconnected(reload);
    return () => {
      offTasks();
      offReconnect();
    };
  }, [portfolioId, reload]);

  const remove = async (agent: Agent) => {
    try {
      await deleteAgent(agent);
      toast.success(t.deleted(agent.name));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t.deleteError);
    }
  };

  const mine = list.portfolioId === portfolioId;
  const rows = (mine ? list.items : []) as Agent[];
  const columns: DataTableColumn<Agent>[] = [
    {
      key: 'name',
      header: t.columns.name,
      primary: true,
      cell: (agent) => agent.name,
    },
    {
      key: 'description',
      header: t.columns.description,
      cell: (agent) => (
        <span className="break-words text-muted-foreground">
          {agent.description || t.detail.noDescription}
        </span>
      ),
    },
    {
      key: 'tools',
      header: t.columns.tools,
      cell: (agent) =>
        agent.tools.length === 0 ? (
          <span className="text-muted-foreground">{t.noTools}</span>
        ) : (
          <Badge variant="secondary">{t.toolsCount(agent.tools.length)}</Badge>
        ),
    },
    {
      key: 'open',
      header: t.columns.openTasks,
      cell: (agent) => (
        <span className="tabular-nums" data-open-tasks={agent._id}>
          {t.openTasks(list.openTasks[agent._id] ?? 0)}
        </span>
      ),
    },
    {
      key: 'active',
      header: t.columns.active,
      cell: (agent) => (
        <span className="inline-flex items-center gap-2">
          <Switch
            aria-label={t.activeLabel(agent.name)}
            checked={agent.active}
            onCheckedChange={(on) => void toggle(agent, on)}
          />
          <span className="text-xs text-muted-foreground" aria-hidden="true">
            {agent.active ? t.activeOn : t.activeOff}
          </span>
        </span>
      ),
    },
    {
      key: 'actions',
      header: t.columns.actions,
      align: 'right',
      cell: (agent) => (
        <span className="inline-flex gap-1">
          <IconButton
            label={t.edit(agent.name)}
            size="icon-sm"
            onClick={() => setDialog({ open: true, agent })}
          >
            <PencilIcon aria-hidden="true" />
          </IconButton>
          <IconButton label={t.remove(agent.name)} size="icon-sm" onClick={() => setDeleting(agent)}>
            <Trash2Icon aria-hidden="true" />
          </IconButton>
        </span>
      ),
    },
  ];

  const create = (
    <Button onClick={() => setDialog({ open: true, agent: null })}>
      <PlusIcon aria-hidden="true" />
      {t.new}
    </Button>
  );
  return (
    <Screen title={msg.screens.agents} actions={create}>
      <DataTable
        caption={t.caption}
        columns={columns}
        rows={rows}
        getRowId={(agent) => agent._id}
        getRowLabel={(agent) => agent.name}
        onRowOpen={(id) => void navigate(id)}
        loading={!mine || (list.loading && rows.length === 0)}
        error={mine ? list.error : null}
        onRetry={reload}
        empty={
          <EmptyState
            className="border-0"
            icon={<BotIcon />}
            title={t.empty}
            description={t.emptyDescription}
            action={create}
          />
        }
      />
      <AgentDialog
        open={dialog.open}
        portfolioId={portfolioId}
        agent={dialog.agent}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={deleting ? t.confirmDelete(deleting.name) : ''}
        description={t.confirmDeleteDescription}
        confirmLabel={t.delete}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      />
    </Screen>
  );
}
