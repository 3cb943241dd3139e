import { useId } from 'react';
import { Button, type ButtonProps } from '../button/button.tsx';
import { cn } from '../lib/cn.ts';
import { Tooltip, TooltipProvider } from '../tooltip/tooltip.tsx';

/**
 * A button for a call that is withheld, with the reason said rather than the button missing (issue 47): a rule
 * (four eyes), the piece's status (the client is reviewing it) or a permission. It stays focusable (so a keyboard
 * or screen-reader user meets it and hears why: `aria-disabled` and the reason as its description), shows the
 * reason in a tooltip on hover and focus, and under it as text on a phone, where there is no hover. Where the
 * screen already says the reason in text nearby (one reason for several buttons), `describedBy` names that text:
 * the button is described by it and does not repeat it.
 */
export function WithheldButton({
  reason,
  className,
  children,
  onClick: _onClick,
  describedBy,
  ...props
}: Omit<ButtonProps, 'disabled' | 'asChild'> & { reason: string; describedBy?: string }) {
  const ownId = useId();
  const id = describedBy ?? ownId;
  return (
    <span className="inline-flex max-w-full flex-col items-start gap-1">
      <TooltipProvider>
        <Tooltip content={reason} side="top">
          <Button
            {...props}
            aria-disabled="true"
            aria-describedby={id}
            onClick={(event) => event.preventDefault()}
            className={cn('cursor-not-allowed opacity-50', className)}
          >
            {children}
          </Button>
        </Tooltip>
      </TooltipProvider>
      {describedBy ? null : (
        <span id={id} className="max-w-72 whitespace-normal text-xs text-muted-foreground sm:hidden">
          {reason}
        </span>
      )}
    </span>
  );
}
