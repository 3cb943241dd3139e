import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';

export default function UserSettingsScreen() {
  return <Screen title={msg.screens.userSettings} />;
}
