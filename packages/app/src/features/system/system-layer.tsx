import { SystemNotifications, Toaster } from '@crw/ui';
import { useSnapshot } from 'valtio';
import { clearMessages, dismissToast, removeMessage, setHold, systemStore } from './store.ts';

/** The app-wide toasts and the system notifications pill, fed by one store. */
export function SystemLayer() {
  const { messages, toastIds, hold } = useSnapshot(systemStore);
  const toasts = messages.filter((m) => toastIds.includes(m.id));
  return (
    <>
      <SystemNotifications
        messages={messages}
        onRemove={removeMessage}
        onClearAll={clearMessages}
        onOpenChange={setHold}
      />
      <Toaster toasts={toasts} onDismiss={dismissToast} hold={hold} />
    </>
  );
}
