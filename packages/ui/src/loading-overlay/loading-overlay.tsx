import { LoaderCircleIcon } from 'lucide-react';
import { loadingText } from '../shell-messages.ts';

/** The full-screen 'Cargando...' overlay (spec §2). */
export function LoadingOverlay({ label = loadingText }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-slot="loading-overlay"
      className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-3 bg-background/85 backdrop-blur-sm"
    >
      <LoaderCircleIcon className="size-8 animate-spin text-primary" aria-hidden="true" />
      <span className="text-base font-medium">{label}</span>
    </div>
  );
}
