import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../lib/cn.ts';

export const TooltipProvider = TooltipPrimitive.Provider;

/**
 * A tooltip on `children` (the trigger). Disabled when `disabled` (e.g. the rail is expanded). `open` and
 * `onOpenChange` control it (a group that shows one tooltip at a time).
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
  if (disabled) return children;
  return (
    <TooltipPrimitive.Root delayDuration={200} open={open} onOpenChange={onOpenChange}>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={8}
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
