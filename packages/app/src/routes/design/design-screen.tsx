import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';

export default function DesignScreen() {
  return <Screen title={msg.screens.design} />;
}
