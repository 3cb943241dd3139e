import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';

export default function AgentsScreen() {
  return <Screen title={msg.screens.agents} />;
}
