import { SystemNotifications, Toaster } from '@crw/ui';
import { useSnapshot } from 'valtio';
import { authStore } from '../auth/store.ts';
import { clearMessages, dismissToast, removeMessage, setHold, systemStore } from './store.ts';

/** The app-wide toasts and the system notifications pill, fed by one store (one channel per message). */
export function SystemLayer() {
  const { messages, toasts, hold } = useSnapshot(systemStore);
  const { token } = useSnapshot(authStore);
  return (
    <>
      {/* Keyed by the session: a new sign-in starts with a fresh pill (no modal left open, nothing "seen"). */}
      <SystemNotifications
        key={token ?? 'signed-out'}
        messages={messages}
        onRemove={removeMessage}
        onClearAll={clearMessages}
        onOpenChange={setHold}
      />
      <Toaster toasts={toasts} onDismiss={dismissToast} hold={hold} />
    </>
  );
}
