import { useId } from 'react';
import { Button, type ButtonProps } from '../button/button.tsx';
import { cn } from '../lib/cn.ts';
import { Tooltip, TooltipProvider } from '../tooltip/tooltip.tsx';

/**
 * A button for a call that is withheld, with the reason said rather than the button missing (issue 47): a rule
 * (four eyes), the piece's status (the client is reviewing it) or a permission. It stays focusable (so a keyboard
 * or screen-reader user meets it and hears why: `aria-disabled` and the reason as its description), shows the
 * reason in a tooltip on hover and focus, and under it as text on a phone, where there is no hover.
 */
export function WithheldButton({
  reason,
  className,
  children,
  onClick: _onClick,
  ...props
}: Omit<ButtonProps, 'disabled' | 'asChild'> & { reason: string }) {
  const id = useId();
  return (
    <span className="inline-flex max-w-full flex-col items-start gap-1">
      <TooltipProvider>
        <Tooltip content={reason} side="top">
          <Button
            {...props}
            aria-disabled="true"
            aria-describedby={id}
            onClick={(event) => event.preventDefault()}
            className={cn('cursor-not-allowed opacity-50 hover:bg-inherit', className)}
          >
            {children}
          </Button>
        </Tooltip>
      </TooltipProvider>
      <span id={id} className="max-w-72 whitespace-normal text-xs text-muted-foreground sm:hidden">
        {reason}
      </span>
    </span>
  );
}
