import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';

export default function DashboardScreen() {
  return <Screen title={msg.screens.dashboard} />;
}
