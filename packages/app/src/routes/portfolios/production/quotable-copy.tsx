import { findQuote, htmlToText, quoteAt, type TextQuote } from '@crw/contracts/text-quote';
import { Button } from '@crw/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { itemMsg as m } from '../../../features/production/messages.ts';

/**
 * Words of a version's copy chosen to comment on (issue 47, point 6): selecting them (mouse, shift+arrows, a
 * touch selection) shows a small toolbar with «Comentar» and «Sugerir cambio». The quote is sent in the copy's
 * text (@crw/contracts/text-quote) with 32 characters of context on each side.
 */

const normalise = (s: string) => s.replace(/[ \t\r\f\u00a0]+/g, ' ').replace(/ ?\n[\n ]*/g, '\n');

/**
 * The quote of the copy `html` a selection reads as: its words (`selected`, the selection's text) found in the
 * copy's text near where the selection starts (`before`: the text before it in the copy). Null when the
 * selection is not words of the copy.
 */
export function selectionQuote(html: string, selected: string, before: string): TextQuote | null {
  const text = htmlToText(html);
  const words = normalise(selected).trim();
  if (!words) return null;
  const found = findQuote(text, { quote: words }, normalise(before).trimStart().length);
  if (!found) return null;
  return quoteAt(text, found.start, found.end);
}

export function QuotableCopy({
  html,
  onQuote,
  suggest = true,
  onSelecting,
  children,
}: {
  /** The copy quoted (a version's): a selection of words it does not have offers nothing. */
  html: string;
  /** A quote chosen: to comment on it, or to suggest its replacement. */
  onQuote: (quote: TextQuote, suggest: boolean) => void;
  /** «Sugerir cambio» offered too (not on a final piece). */
  suggest?: boolean;
  /** Words are selected inside (before they are read): the copy may be asked for then. */
  onSelecting?: () => void;
  children: ReactNode;
}) {
  const selecting = useRef(onSelecting);
  selecting.current = onSelecting;
  const box = useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = useState<{ quote: TextQuote; top: number; left: number } | null>(null);
  useEffect(() => {
    const update = () => {
      const sel = document.getSelection();
      const root = box.current;
      if (!sel || sel.rangeCount === 0 || sel.isCollapsed || !root) return setChosen(null);
      const range = sel.getRangeAt(0);
      if (!root.contains(range.commonAncestorContainer)) return setChosen(null);
      selecting.current?.();
      const lead = document.createRange();
      lead.selectNodeContents(root);
      lead.setEnd(range.startContainer, range.startOffset);
      const quote = selectionQuote(html, sel.toString(), lead.toString());
      if (!quote) return setChosen(null);
      const at = range.getBoundingClientRect();
      const frame = root.getBoundingClientRect();
      setChosen({ quote, top: at.bottom - frame.top + 4, left: Math.max(0, at.left - frame.left) });
    };
    document.addEventListener('selectionchange', update);
    // The copy arrived after the words were selected: read them now.
    if (html) update();
    return () => document.removeEventListener('selectionchange', update);
  }, [html]);
  const pick = (suggest: boolean) => {
    if (!chosen) return;
    onQuote(chosen.quote, suggest);
    setChosen(null);
  };
  return (
    <div ref={box} className="relative">
      {children}
      {chosen ? (
        <div
          role="toolbar"
          aria-label={m.comments.selectionTools}
          className="absolute z-10 flex gap-1 rounded-md border border-border bg-background p-1 shadow-md"
          style={{ top: chosen.top, left: Math.min(chosen.left, 9999) }}
          // Keeps the selection while a button is pressed.
          onMouseDown={(e) => e.preventDefault()}
        >
          <Button size="sm" onClick={() => pick(false)}>
            {m.comments.quoteAction}
          </Button>
          {suggest ? (
            <Button size="sm" variant="outline" onClick={() => pick(true)}>
              {m.comments.suggestAction}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
