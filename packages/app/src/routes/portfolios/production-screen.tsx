import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';

export default function ProductionScreen() {
  return <Screen title={msg.screens.production} />;
}
