import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';

export default function AdminNotifyScreen() {
  return <Screen title={msg.screens.adminNotify} />;
}
