import type { AgentDetail } from '@crw/api-client';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, Skeleton, Switch } from '@crw/ui';
import { ArrowLeftIcon, PencilIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { agentsMsg as t } from '../../features/agents/messages.ts';
import { agentsStore, loadAgent } from '../../features/agents/store.ts';
import { onReconnected } from '../../features/notifications/realtime.ts';
import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';
import { AgentComments } from './agents/agent-comments.tsx';
import { AgentDialog } from './agents/agent-dialog.tsx';
import { linkClass, useToggleActive } from './agents/agent-parts.tsx';
import { AgentTasks } from './agents/agent-tasks.tsx';
import { AgentTools } from './agents/agent-tools.tsx';

/** /portfolios/{portfolioId}/agents/{agentId}: instructions, tools, tasks (live) and the team's comments. */
export default function AgentDetailScreen() {
  const { portfolioId = '', agentId = '' } = useParams();
  const detail = useSnapshot(agentsStore).detail;
  const reload = useCallback(() => void loadAgent(portfolioId, agentId), [portfolioId, agentId]);
  useEffect(reload, [reload]);
  useEffect(() => onReconnected(reload), [reload]);

  const agent = detail.agentId === agentId ? (detail.agent as AgentDetail | null) : null;
  const back = (
    <Link
      to={`/portfolios/${portfolioId}/agents`}
      className={`${linkClass} inline-flex min-h-6 items-center gap-1 text-sm`}
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {t.detail.back}
    </Link>
  );
  if (!agent) {
    return (
      <Screen title={msg.screens.agentDetail}>
        {back}
        {detail.error && detail.agentId === agentId ? (
          <EmptyState
            title={t.detail.loadError}
            description={detail.error}
            action={
              <Button variant="outline" onClick={reload}>
                {t.retry}
              </Button>
            }
          />
        ) : (
          <div className="grid gap-4 lg:grid-cols-3" aria-busy="true">
            <Skeleton className="h-48" />
            <Skeleton className="h-48 lg:col-span-2" />
          </div>
        )}
      </Screen>
    );
  }
  return <Detail agent={agent} back={back} />;
}

function Detail({ agent, back }: { agent: AgentDetail; back: React.ReactNode }) {
  const [editing, setEditing] = useState(false);
  const toggle = useToggleActive();
  const activeId = useId();
  return (
    <Screen
      title={agent.name}
      actions={
        <div className="flex flex-wrap items-center gap-3">
          <span className="inline-flex items-center gap-2">
            <Switch
              id={activeId}
              aria-labelledby={`${activeId}-label`}
              checked={agent.active}
              onCheckedChange={(on) => void toggle(agent, on)}
            />
            <label id={`${activeId}-label`} htmlFor={activeId} className="text-sm">
              {t.active}
            </label>
          </span>
          <Button variant="outline" aria-label={t.edit(agent.name)} onClick={() => setEditing(true)}>
            <PencilIcon aria-hidden="true" />
            {t.editShort}
          </Button>
        </div>
      }
    >
      {back}
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 space-y-4">
          <Card>
            <CardHeader>
              <CardTitle>{t.detail.instructions}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3 text-sm">
              <p className="break-words text-muted-foreground">
                {agent.description || t.detail.noDescription}
              </p>
              <p className="break-words whitespace-pre-wrap" data-testid="agent-instructions">
                {agent.instructions || t.detail.noInstructions}
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t.detail.tools}</CardTitle>
            </CardHeader>
            <CardContent>
              <AgentTools agent={agent} />
            </CardContent>
          </Card>
        </div>
        <div className="min-w-0 space-y-4 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>{t.tasks.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <AgentTasks agent={agent} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t.detail.comments}</CardTitle>
            </CardHeader>
            <CardContent>
              <AgentComments agentId={agent._id} />
            </CardContent>
          </Card>
        </div>
      </div>
      <AgentDialog open={editing} portfolioId={agent.portfolioId} agent={agent} onOpenChange={setEditing} />
    </Screen>
  );
}
