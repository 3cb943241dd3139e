import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';

export default function EditorScreen() {
  return <Screen title={msg.screens.editor} />;
}
