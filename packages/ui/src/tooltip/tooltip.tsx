import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type * as React from 'react';
import { useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';

export const TooltipProvider = TooltipPrimitive.Provider;

/**
 * A tooltip on `children` (the trigger). Disabled when `disabled` (e.g. the rail is expanded). `open` and
 * `onOpenChange` control it (a group that shows one tooltip at a time).
 *
 * A press on the trigger closes it and keeps it closed until the mouse leaves the trigger or a key is pressed
 * (issue 31): Radix closes an open tooltip on pointerdown, but a hover shorter than the delay had already started
 * the timer that opened it right after the click, over the page the click had just shown; and a tap focuses the
 * trigger after the finger lifts, which Radix took for keyboard focus and opened it until the next tap.
 */
export function Tooltip({
  content,
  children,
  side = 'right',
  disabled,
  open,
  onOpenChange,
}: {
  content: React.ReactNode;
  children: React.ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  disabled?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const pressed = useRef(false);
  if (disabled) return children;
  const change = (next: boolean) => {
    if (next && pressed.current) return;
    if (onOpenChange) onOpenChange(next);
    else setOwnOpen(next);
  };
  return (
    <TooltipPrimitive.Root delayDuration={200} open={open ?? ownOpen} onOpenChange={change}>
      <TooltipPrimitive.Trigger
        asChild
        onPointerDown={() => {
          pressed.current = true;
          change(false);
        }}
        onPointerLeave={(event) => {
          // A finger "leaves" as it lifts, before the tap focuses the trigger (which would open it): only a mouse
          // moving away ends the press.
          if (event.pointerType === 'mouse') pressed.current = false;
        }}
        onKeyDown={() => {
          pressed.current = false;
        }}
      >
        {children}
      </TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={8}
          collisionPadding={8}
          className={cn(
            'z-50 rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md animate-fade-in',
          )}
        >
          {content}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
