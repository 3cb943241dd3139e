import type { Comment } from '@crw/api-client';
import { findQuote, htmlToText } from '@crw/contracts/text-quote';
import type { TextHighlight } from '@crw/ui';
import { itemMsg as m } from '../../../features/production/messages.ts';
import { isQuote } from './pins.ts';

/** A comment's first words (eight at most), for its highlight's name. */
export function firstWords(html: string, count = 8): string {
  const words = htmlToText(html).split(/\s+/).filter(Boolean);
  return words.length > count ? `${words.slice(0, count).join(' ')}…` : words.join(' ');
}

/**
 * The highlights of one version's copy (issue 47, point 6): the open threads quoting it. On the current
 * version, the quotes the server finds in it (`anchorState` attached or moved; orphaned ones are listed apart);
 * on an older one, the quotes of that version. Each is placed where the quote (with its context) is found in
 * the version's text; resolved threads are folded away and not drawn.
 */
export function copyHighlights(
  comments: readonly Comment[],
  html: string,
  version: { number: number; current: boolean },
): TextHighlight[] {
  const text = htmlToText(html);
  const out: TextHighlight[] = [];
  for (const c of comments) {
    if (!isQuote(c.anchor) || c.resolved) continue;
    const shown = version.current ? c.anchorState !== 'orphaned' : c.anchor.versionNumber === version.number;
    if (!shown) continue;
    const at = findQuote(text, c.anchor);
    if (at)
      out.push({
        id: c._id,
        start: at.start,
        end: at.end,
        label: m.comments.highlightLabel(firstWords(c.body)),
      });
  }
  return out;
}
