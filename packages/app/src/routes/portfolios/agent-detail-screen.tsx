import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';

export default function AgentDetailScreen() {
  return <Screen title={msg.screens.agentDetail} />;
}
