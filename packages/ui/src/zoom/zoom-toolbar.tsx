import { ZoomInIcon, ZoomOutIcon } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import { Button, IconButton } from '../button/button.tsx';
import { lazy } from '../lib/lazy.ts';
import { uiMessages } from '../messages.ts';
import { FIT, MAX_SCALE, MIN_SCALE, panBy, ZOOM_STEP, type ZoomView, zoomAt } from './zoom.ts';

const t = uiMessages.imageCompare;
const percent = lazy(() => new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 0 }));
/** Keyboard pan step, a tenth of the pane. */
const PAN_STEP = 0.1;

/** Keys of a zoomable view: + − 0 zoom; the arrows move the view the way they point (the image the other way). */
export const zoomKeys: Record<string, (v: ZoomView) => ZoomView> = {
  '+': (v) => zoomAt(v, ZOOM_STEP),
  '=': (v) => zoomAt(v, ZOOM_STEP),
  '-': (v) => zoomAt(v, 1 / ZOOM_STEP),
  '0': () => FIT,
  ArrowLeft: (v) => panBy(v, PAN_STEP, 0),
  ArrowRight: (v) => panBy(v, -PAN_STEP, 0),
  ArrowUp: (v) => panBy(v, 0, PAN_STEP),
  ArrowDown: (v) => panBy(v, 0, -PAN_STEP),
};

/** The zoom key for this event, if any (the arrows only while there is something to pan). */
export function zoomKey(
  e: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean },
  view: ZoomView,
) {
  if (e.altKey || e.ctrlKey || e.metaKey) return undefined;
  const action = zoomKeys[e.key];
  if (!action || (e.key.startsWith('Arrow') && view.scale === 1)) return undefined;
  return action;
}

/** Alejar · 150 % · Acercar · Ajustar. */
export function ZoomToolbar({
  view,
  onViewChange,
}: {
  view: ZoomView;
  onViewChange: Dispatch<SetStateAction<ZoomView>>;
}) {
  return (
    <div data-slot="zoom-toolbar" className="flex items-center gap-1">
      <IconButton
        label={t.zoomOut}
        size="icon-sm"
        variant="outline"
        disabled={view.scale <= MIN_SCALE}
        onClick={() => onViewChange((v) => zoomAt(v, 1 / ZOOM_STEP))}
      >
        <ZoomOutIcon />
      </IconButton>
      <output
        aria-label={t.zoomLevel}
        className="min-w-14 text-center text-sm tabular-nums text-muted-foreground"
      >
        {percent().format(view.scale)}
      </output>
      <IconButton
        label={t.zoomIn}
        size="icon-sm"
        variant="outline"
        disabled={view.scale >= MAX_SCALE}
        onClick={() => onViewChange((v) => zoomAt(v, ZOOM_STEP))}
      >
        <ZoomInIcon />
      </IconButton>
      <Button size="sm" variant="ghost" disabled={view.scale === 1} onClick={() => onViewChange(FIT)}>
        {t.fit}
      </Button>
    </div>
  );
}
