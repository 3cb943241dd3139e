import type { AgentDetail } from '@crw/api-client';
import { Badge, Button, Skeleton } from '@crw/ui';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useSnapshot } from 'valtio';
import { FormError } from '../../../features/admin/form-dialog.tsx';
import { agentsMsg } from '../../../features/agents/messages.ts';
import { agentsStore, loadCatalogue, setAgentTools } from '../../../features/agents/store.ts';
import { authStore } from '../../../features/auth/store.ts';
import { CheckboxGroupField } from '../../../features/common/form-fields.tsx';
import { toast } from '../../../features/system/store.ts';

const t = agentsMsg.detail;

/**
 * The agent's tools. The catalogue is the admins' (`GET /tools` refuses everyone else): an admin ticks the
 * catalogue's enabled tools; anyone else sees the assigned ones and who manages the catalogue.
 */
export function AgentTools({ agent }: { agent: AgentDetail }) {
  const isAdmin = useSnapshot(authStore).user?.role === 'admin';
  return isAdmin ? <ToolsForm agent={agent} /> : <AssignedTools agent={agent} />;
}

function AssignedTools({ agent }: { agent: AgentDetail }) {
  return (
    <div className="space-y-3">
      {agent.tools.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.toolsNone}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t.toolsLegend}>
          {agent.tools.map((tool) => (
            <li key={tool._id}>
              <Badge variant="secondary">
                {tool.name} · {t.kinds[tool.kind] ?? tool.kind}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-muted-foreground">{t.toolsAdminOnly}</p>
    </div>
  );
}

function ToolsForm({ agent }: { agent: AgentDetail }) {
  const catalogue = useSnapshot(agentsStore).catalogue;
  const assigned = agent.tools.map((tool) => tool._id);
  const { control, handleSubmit, reset, setError, formState } = useForm<{ tools: string[] }>({
    defaultValues: { tools: assigned },
  });
  const key = assigned.join(',');
  useEffect(() => {
    reset({ tools: key ? key.split(',') : [] });
  }, [key, reset]);
  // Reloaded on each visit: a tool an admin has just added or disabled shows as it is now.
  useEffect(() => {
    void loadCatalogue();
  }, []);

  if (!catalogue.loaded) return <Skeleton className="h-24" />;
  if (catalogue.error) {
    return (
      <div role="alert" className="space-y-2 text-sm text-destructive">
        <p>{catalogue.error}</p>
        <Button size="sm" variant="outline" onClick={() => void loadCatalogue()}>
          {agentsMsg.retry}
        </Button>
      </div>
    );
  }
  // Enabled tools, plus any assigned one since disabled (so that it can be taken off).
  const options = catalogue.items
    .filter((tool) => tool.enabled || assigned.includes(tool._id))
    .map((tool) => ({
      value: tool._id,
      label: tool.enabled ? tool.name : `${tool.name} (${t.toolDisabled})`,
      description: tool.kind === 'webhook' ? `${t.kinds.webhook} · ${tool.config.url ?? ''}` : t.kinds.notion,
    }));
  if (options.length === 0) return <p className="text-sm text-muted-foreground">{t.toolsCatalogueEmpty}</p>;

  const submit = handleSubmit(async ({ tools }) => {
    try {
      await setAgentTools(agent, tools);
      toast.success(t.toolsSaved);
    } catch (error) {
      setError('root.server', { message: error instanceof Error ? error.message : t.toolsError });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <CheckboxGroupField
        control={control}
        name="tools"
        legend={t.toolsLegend}
        hideLegend
        hint={t.toolsHint}
        options={options}
      />
      <FormError message={formState.errors.root?.server?.message} />
      <Button type="submit" size="sm" disabled={formState.isSubmitting || !formState.isDirty}>
        {t.toolsSave}
      </Button>
    </form>
  );
}
