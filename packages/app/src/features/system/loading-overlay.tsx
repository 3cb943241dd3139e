import { msg } from '../../messages.ts';

export function LoadingOverlay() {
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-[100] flex items-center justify-center bg-background/80 backdrop-blur-sm">
      <span className="text-lg font-medium">{msg.loading}</span>
    </div>
  );
}
