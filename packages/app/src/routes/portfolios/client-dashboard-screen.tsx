import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';

export default function ClientDashboardScreen() {
  return <Screen title={msg.screens.clientDashboard} />;
}
