import type { Agent, AgentSummary } from '@crw/api-client';
import { Badge, Button, DataTable, type DataTableColumn, EmptyState } from '@crw/ui';
import { BotIcon, PlusIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { agentsMsg as t } from '../../features/agents/messages.ts';
import { agentsStore, deleteAgent, loadAgents } from '../../features/agents/store.ts';
import { ConfirmFor } from '../../features/common/confirm-for.tsx';
import { RowActions, SwitchCell } from '../../features/common/table-cells.tsx';
import { onReconnected, onTasksChanged } from '../../features/notifications/realtime.ts';
import { toastOutcome } from '../../features/system/store.ts';
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

  const remove = (agent: Agent) =>
    toastOutcome(() => deleteAgent(agent), t.deleted(agent.name), t.deleteError);

  const mine = list.portfolioId === portfolioId;
  const rows = (mine ? list.items : []) as AgentSummary[];
  const columns: DataTableColumn<AgentSummary>[] = [
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
          {t.openTasks(agent.openTasks)}
        </span>
      ),
    },
    {
      key: 'active',
      header: t.columns.active,
      cell: (agent) => (
        <SwitchCell
          label={t.activeLabel(agent.name)}
          checked={agent.active}
          onCheckedChange={(on) => void toggle(agent, on)}
          onText={t.activeOn}
          offText={t.activeOff}
        />
      ),
    },
    {
      key: 'actions',
      header: t.columns.actions,
      align: 'right',
      cell: (agent) => (
        <RowActions
          editLabel={t.edit(agent.name)}
          onEdit={() => setDialog({ open: true, agent })}
          deleteLabel={t.remove(agent.name)}
          onDelete={() => setDeleting(agent)}
        />
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
      <ConfirmFor
        target={deleting}
        onClose={() => setDeleting(null)}
        title={(agent) => t.confirmDelete(agent.name)}
        description={t.confirmDeleteDescription}
        confirmLabel={t.delete}
        onConfirm={(agent) => void remove(agent)}
      />
    </Screen>
  );
}
