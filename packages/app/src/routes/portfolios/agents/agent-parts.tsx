import type { Agent } from '@crw/api-client';
import { useCallback } from 'react';
import { agentsMsg as t } from '../../../features/agents/messages.ts';
import { updateAgent } from '../../../features/agents/store.ts';
import { toastOutcome } from '../../../features/system/store.ts';

export const linkClass =
  'rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Activates or deactivates an agent and says so in a toast. */
export function useToggleActive() {
  return useCallback(
    (agent: Pick<Agent, '_id' | 'portfolioId' | 'name'>, active: boolean) =>
      toastOutcome(
        () => updateAgent(agent, { active }),
        active ? t.activated(agent.name) : t.deactivated(agent.name),
        t.updateError,
      ),
    [],
  );
}
