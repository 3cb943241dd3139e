import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

/**
 * Hides from assistive technology everything in the body but `content` and the live regions (the toasts), as
 * Radix's modal does (with the `aria-hidden` package): the branches that hold a kept element are walked into,
 * the others get `aria-hidden`. Returns the undo. An attribute no style rule reads: nothing is restyled.
 */
function hideOthers(content: HTMLElement) {
  const keep = [content, ...document.body.querySelectorAll('[aria-live]')];
  const hidden: Element[] = [];
  const walk = (parent: Element) => {
    for (const el of parent.children) {
      if (keep.includes(el) || el.tagName === 'SCRIPT' || el.tagName === 'STYLE') continue;
      if (keep.some((k) => el.contains(k))) walk(el);
      else if (el.getAttribute('aria-hidden') !== 'true') {
        el.setAttribute('aria-hidden', 'true');
        hidden.push(el);
      }
    }
  };
  walk(document.body);
  return () => {
    for (const el of hidden) el.removeAttribute('aria-hidden');
  };
}

/**
 * A side panel (e.g. the item drawer): a Radix Dialog sliding from the right, full width on phones. It behaves as
 * a modal dialog (`aria-modal`, the rest of the page hidden from assistive technology and covered by a backdrop,
 * Tab and Shift+Tab loop inside it, Escape or a click outside closes it, the focus returns to what held it before:
 * the card that opened it, also when the drawer was opened by the URL rather than by a `Trigger`), but it is not
 * Radix's `modal`: that one sets `pointer-events: none` on the body (an inherited property: every element of the
 * page is restyled, 200 ms at 4× slowdown over a board of 1,000 pieces, when the drawer's focus moves in) and
 * locks the scroll with `react-remove-scroll` (a stylesheet injected into the page). The backdrop, a plain
 * element, takes the clicks outside instead.
 */
export function Drawer({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: React.ReactNode;
  className?: string;
}) {
  // What held the focus when the drawer opened (read in the render that opens it, before Radix moves the focus
  // in); kept after it closes, for the focus to return to once the content has gone.
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') opener.current = document.activeElement;
  wasOpen.current = open;
  const [content, setContent] = useState<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => (content ? hideOthers(content) : undefined), [content]);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DialogPrimitive.Portal>
        {/* pointer-events-auto: a modal layer opened from the drawer sets `pointer-events: none` on the body. No
            fade-in: its start and end are tasks of their own, each restyling the page under it (30–40 ms at 4×). */}
        <div
          aria-hidden="true"
          data-slot="drawer-overlay"
          className="pointer-events-auto fixed inset-0 z-50 bg-black/40"
        />
        <DialogPrimitive.Content
          ref={setContent}
          aria-modal="true"
          {...(description ? {} : { 'aria-describedby': undefined })}
          // The focus goes to the heading, not into the first control: a piece opens to read (issue 48), and a
          // screen reader starts at its name.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            heading.current?.focus({ preventScroll: true });
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            if (target instanceof HTMLElement && target.isConnected) {
              event.preventDefault();
              target.focus({ preventScroll: true });
            }
          }}
          className={cn(
            'fixed inset-y-0 right-0 z-50 flex w-full max-w-xl flex-col bg-background shadow-xl',
            className,
          )}
        >
          <header className="flex items-start justify-between gap-4 border-b border-border p-5">
            <div>
              <DialogPrimitive.Title
                ref={heading}
                tabIndex={-1}
                className="text-lg font-semibold outline-none"
              >
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="text-sm text-muted-foreground">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
            <DialogPrimitive.Close
              aria-label={uiMessages.close}
              className="rounded-sm p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <XIcon className="size-4" aria-hidden="true" />
            </DialogPrimitive.Close>
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto p-5">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
