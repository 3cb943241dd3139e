import { InfoIcon, Trash2Icon } from 'lucide-react';
import { Button } from '../button/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../dialog/dialog.tsx';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';
import { ToastIcon, toneClass } from '../toaster/toaster.tsx';
import type { SystemMessageEntry } from './system-message.ts';

const t = uiMessages.system;

/** 'Notificaciones del Sistema': every message, each removable, and «Limpiar todas». Loaded when first opened. */
export default function SystemNotificationsDialog({
  open,
  onOpenChange,
  messages,
  onRemove,
  onClearAll,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  messages: readonly SystemMessageEntry[];
  onRemove: (id: string) => void;
  onClearAll: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription className="sr-only">{t.count(messages.length)}</DialogDescription>
        </DialogHeader>
        {messages.length === 0 ? (
          <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
            <InfoIcon className="size-4" aria-hidden="true" />
            {t.empty}
          </p>
        ) : (
          <ul className="max-h-80 space-y-2 overflow-y-auto">
            {messages.map((m) => (
              <li
                key={m.id}
                className={cn('flex items-start gap-2 rounded-lg border p-3 text-sm', toneClass[m.type])}
              >
                <ToastIcon type={m.type} />
                <span className="min-w-0 flex-1 break-words">{m.message}</span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t.remove}
                  title={t.remove}
                  onClick={() => onRemove(m.id)}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex justify-end">
          <Button variant="outline" onClick={onClearAll} disabled={messages.length === 0}>
            {t.clearAll}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
