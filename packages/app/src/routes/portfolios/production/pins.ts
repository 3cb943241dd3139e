import type { Comment } from '@crw/api-client';
import type { VideoPin } from '@crw/ui';

export type Anchor = NonNullable<Comment['anchor']>;
/** A pin on a file (the other anchor is a quote of the copy). */
export type PinAnchor = Extract<Anchor, { fileKey: string }>;
export type QuoteAnchor = Extract<Anchor, { quote: string }>;
export const isPin = (a: Anchor | null | undefined): a is PinAnchor => !!a && 'fileKey' in a;
export const isQuote = (a: Anchor | null | undefined): a is QuoteAnchor => !!a && 'quote' in a;

/**
 * The number of each pinned comment of an item: 1, 2, … in the thread's order (oldest first), whatever the
 * version or file, so a pin has the same number in the review panel, the plan's drawer and the compare view.
 */
export function pinNumbers(comments: readonly Comment[]): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const c of comments) if (isPin(c.anchor)) numbers.set(c._id, numbers.size + 1);
  return numbers;
}

/** A comment's words for its pin's name (its first 60 characters). */
export function pinLabel(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** The pins on one file of one version, drawn from its comments' anchors with their numbers. */
export function pinsOn(
  comments: readonly Comment[],
  numbers: ReadonlyMap<string, number>,
  versionNumber: number,
  fileKey: string,
): Array<VideoPin & { number: number }> {
  return comments.flatMap((c) =>
    isPin(c.anchor) && c.anchor.versionNumber === versionNumber && c.anchor.fileKey === fileKey
      ? [
          {
            id: c._id,
            x: c.anchor.x,
            y: c.anchor.y,
            t: c.anchor.t ?? 0,
            label: pinLabel(c.body),
            number: numbers.get(c._id) ?? 0,
          },
        ]
      : [],
  );
}

/** The (version, file) pairs that carry pins, newest version first, each once. */
export function pinnedFiles(comments: readonly Comment[]): Array<{ versionNumber: number; fileKey: string }> {
  const seen = new Map<string, { versionNumber: number; fileKey: string }>();
  for (const c of comments)
    if (isPin(c.anchor))
      seen.set(`${c.anchor.versionNumber}|${c.anchor.fileKey}`, {
        versionNumber: c.anchor.versionNumber,
        fileKey: c.anchor.fileKey,
      });
  return [...seen.values()].sort((a, b) => b.versionNumber - a.versionNumber);
}
