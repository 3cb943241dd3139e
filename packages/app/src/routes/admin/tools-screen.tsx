import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';

export default function AdminToolsScreen() {
  return <Screen title={msg.screens.adminTools} />;
}
