import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';

export default function ReviewScreen() {
  return <Screen title={msg.screens.review} />;
}
