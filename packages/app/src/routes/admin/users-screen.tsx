import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';

export default function AdminUsersScreen() {
  return <Screen title={msg.screens.adminUsers} />;
}
