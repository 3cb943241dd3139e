import type * as React from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../button/button.tsx';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';
import { type AnnotationPin, movedDraft } from './image-annotator.tsx';
import { type AnnotatorProps, PinDraft, PinLayer, type Point, pointIn } from './pin.tsx';

const t = uiMessages.annotator;

export type VideoPin = AnnotationPin & {
  /** Seconds from the start of the video. */
  t: number;
};
export type VideoPoint = Point & { t: number };

/** A pin shows while the video is within this many seconds of its moment. */
const SHOWN_WITHIN = 1;

/** 75.4 → "1:15"; 3725 → "1:02:05". */
export function formatVideoTime(seconds: number) {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** «Marcar un punto» pauses the video; a click (or Enter) on the frame places the draft at that moment. */
export type VideoAnnotatorProps = AnnotatorProps<VideoPin, VideoPoint>;

/**
 * A video whose comments are pinned to a point of a frame: each pin shows around its moment, the list below
 * jumps to it, and choosing a pin elsewhere (its comment) brings the video there, paused. While a pin is being
 * placed or written the frame stays still under a layer that takes the click.
 */
export function VideoAnnotator({
  src,
  alt,
  pins,
  draft,
  onPlace,
  onMoveDraft,
  highlighted,
  onSelectPin,
  className,
  ...props
}: VideoAnnotatorProps) {
  const video = useRef<HTMLVideoElement>(null);
  const layer = useRef<HTMLButtonElement>(null);
  const [time, setTime] = useState(0);
  const [placing, setPlacing] = useState(false);
  const active = placing || Boolean(draft);
  const numbered = pins.map((pin, i) => ({ pin, n: pin.number ?? i + 1 }));

  const seek = useCallback((seconds: number) => {
    const v = video.current;
    if (!v) return;
    v.pause();
    v.currentTime = seconds;
    setTime(seconds);
  }, []);
  // A pin chosen elsewhere (its comment in the thread) brings the video to its moment.
  const latestPins = useRef(pins);
  latestPins.current = pins;
  useEffect(() => {
    const pin = latestPins.current.find((p) => p.id === highlighted);
    if (pin) seek(pin.t);
  }, [highlighted, seek]);
  useEffect(() => {
    if (placing) layer.current?.focus();
  }, [placing]);

  const start = () => {
    video.current?.pause();
    setTime(video.current?.currentTime ?? 0);
    setPlacing(true);
  };
  const place = (e: React.MouseEvent<HTMLButtonElement>) => {
    const at = { t: Math.round(time * 10) / 10 };
    if (e.detail === 0) onPlace?.({ x: 0.5, y: 0.5, ...at });
    else {
      const box = e.currentTarget.getBoundingClientRect();
      onPlace?.({ ...pointIn(box, e), ...at });
    }
    setPlacing(false);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && !draft) {
      e.preventDefault();
      return setPlacing(false);
    }
    const moved = draft && onMoveDraft ? movedDraft(draft, e) : null;
    if (!moved) return;
    e.preventDefault();
    onMoveDraft?.({ ...moved, t: draft!.t });
  };
  const near = (at: number) => Math.abs(at - time) <= SHOWN_WITHIN;

  return (
    <figure data-slot="video-annotator" className={cn('space-y-2', className)} {...props}>
      <div className="relative overflow-hidden rounded-md border border-border bg-black">
        {/* biome-ignore lint/a11y/useMediaCaption: the team's own drafts carry no caption track. */}
        <video
          ref={video}
          src={src}
          controls
          preload="metadata"
          aria-label={alt}
          className="block h-auto w-full"
          onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
          onSeeked={(e) => setTime(e.currentTarget.currentTime)}
        />
        <div className="pointer-events-none absolute inset-0">
          {active && onPlace ? (
            <button
              ref={layer}
              type="button"
              aria-label={t.placeVideo(alt, formatVideoTime(draft?.t ?? time))}
              onClick={place}
              onKeyDown={onKeyDown}
              className="pointer-events-auto absolute inset-0 cursor-crosshair bg-black/10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
            />
          ) : null}
          <PinLayer
            pins={numbered.filter(({ pin }) => near(pin.t)).map(({ pin, n }) => ({ ...pin, number: n }))}
            highlighted={highlighted}
            onSelectPin={onSelectPin}
          />
          {draft ? <PinDraft point={draft} /> : null}
        </div>
      </div>
      {onPlace || pins.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          {onPlace && !draft ? (
            placing ? (
              <Button size="sm" variant="ghost" onClick={() => setPlacing(false)}>
                {t.cancel}
              </Button>
            ) : (
              <Button size="sm" variant="outline" onClick={start}>
                {t.markAt(formatVideoTime(time))}
              </Button>
            )
          ) : null}
          {pins.length > 0 ? (
            <ul aria-label={t.videoPins} className="flex flex-wrap gap-1">
              {[...numbered]
                .sort((a, b) => a.pin.t - b.pin.t)
                .map(({ pin, n }) => (
                  <li key={pin.id}>
                    <Button
                      size="sm"
                      variant={highlighted === pin.id ? 'secondary' : 'ghost'}
                      aria-pressed={highlighted === pin.id}
                      onClick={() => {
                        seek(pin.t);
                        onSelectPin?.(pin.id);
                      }}
                    >
                      {t.seekPin(n, formatVideoTime(pin.t))}
                    </Button>
                  </li>
                ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </figure>
  );
}
