import type * as React from 'react';
import { createContext, useContext } from 'react';
import { Checkbox } from '../checkbox/checkbox.tsx';
import { cn } from '../lib/cn.ts';

/**
 * A board whose cards may be selected (for a bulk edit): each card shows a checkbox beside its button (never
 * inside it: the card's content is its name). `onToggle`'s `range` is a Shift-click (from the last one toggled).
 */
export interface KanbanSelection {
  isSelected: (cardId: string) => boolean;
  onToggle: (cardId: string, range: boolean) => void;
  /** The checkbox's Spanish name for the card («Seleccionar: Reel de lanzamiento»). */
  label: (cardId: string) => string;
}

export const KanbanSelectionContext = createContext<KanbanSelection | null>(null);

// ——— KanbanCard ———

export type KanbanCardProps = Omit<React.ComponentProps<'div'>, 'onClick'> & {
  /** Called on click, Enter or Space. */
  onOpen: () => void;
  /** Whether the card is the board's one Tab stop (roving tabindex). */
  tabbable?: boolean;
  cardId?: string;
  /** Without its own `<li>` (a `VirtualList` draws the item). */
  bare?: boolean;
};

/**
 * A card that opens on click, Enter or Space (role="button"). Its hover colours change at once, without a
 * transition: on a board of hundreds, each frame of a colour transition repaints the board (60–130 ms at 4×). Its
 * content is read as its name, so it must not hold other controls. Inside a `KanbanBoard`, arrows move between
 * cards.
 *
 * `content-visibility: auto`: a card out of sight (below its column's visible part, in a column scrolled off the
 * board) is neither styled, laid out nor painted, only kept at its last size (a guess of 6.5rem until drawn once);
 * it stays in the accessibility tree, in find-in-page and focusable. Each frame of the page then paints and
 * layerizes the cards on screen, not the hundreds loaded.
 */
export function KanbanCard({
  onOpen,
  tabbable = true,
  cardId,
  bare = false,
  className,
  children,
  ...props
}: KanbanCardProps) {
  const selection = useContext(KanbanSelectionContext);
  const selectable = selection !== null && cardId !== undefined;
  const card = (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a card holds block content (title, badges), which a <button> may not. */}
      <div
        role="button"
        tabIndex={tabbable ? 0 : -1}
        data-slot="kanban-card"
        data-card-id={cardId}
        onClick={onOpen}
        onKeyDown={(e) => {
          if (e.target !== e.currentTarget) return;
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onOpen();
          }
        }}
        className={cn(
          selectable && 'pr-10',
          'block cursor-pointer rounded-lg border border-border bg-card p-3 text-left text-sm text-card-foreground shadow-xs [contain-intrinsic-size:auto_6.5rem] [content-visibility:auto] hover:border-primary/40 hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          className,
        )}
        {...props}
      >
        {children}
      </div>
    </>
  );
  const body = selectable ? (
    <div className="relative" data-selected={selection.isSelected(cardId) || undefined}>
      {card}
      <Checkbox
        aria-label={selection.label(cardId)}
        checked={selection.isSelected(cardId)}
        onClick={(e) => {
          e.preventDefault();
          selection.onToggle(cardId, e.shiftKey);
        }}
        className="absolute top-2 right-2 size-6 bg-background"
      />
    </div>
  ) : (
    card
  );
  return bare ? body : <li className="min-w-0 list-none">{body}</li>;
}
