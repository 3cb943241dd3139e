import type { Agent } from '@crw/api-client';
import { useCallback } from 'react';
import { agentsMsg as t } from '../../../features/agents/messages.ts';
import { updateAgent } from '../../../features/agents/store.ts';
import { toast } from '../../../features/system/store.ts';

export const linkClass =
  'rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Activates or deactivates an agent and says so in a toast. */
export function useToggleActive() {
  return useCallback(async (agent: Pick<Agent, '_id' | 'portfolioId' | 'name'>, active: boolean) => {
    try {
      await updateAgent(agent, { active });
      toast.success(active ? t.activated(agent.name) : t.deactivated(agent.name));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t.updateError);
    }
  }, []);
}
