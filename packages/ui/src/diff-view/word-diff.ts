import { diffWordsWithSpace } from 'diff';

export interface WordDiffPart {
  value: string;
  kind: 'same' | 'added' | 'removed';
}

export interface WordDiff {
  parts: WordDiffPart[];
  /** Words inserted and deleted (a changed word counts once in each). */
  added: number;
  removed: number;
  unchanged: boolean;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Two texts compared word by word, white space kept (so line breaks survive), with the words counted. */
export function wordDiff(before: string, after: string): WordDiff {
  if (before === after)
    return { parts: before ? [{ value: before, kind: 'same' }] : [], added: 0, removed: 0, unchanged: true };
  const parts = diffWordsWithSpace(before, after).map(
    (p): WordDiffPart => ({ value: p.value, kind: p.added ? 'added' : p.removed ? 'removed' : 'same' }),
  );
  const count = (kind: WordDiffPart['kind']) =>
    parts.filter((p) => p.kind === kind).reduce((n, p) => n + words(p.value), 0);
  return { parts, added: count('added'), removed: count('removed'), unchanged: false };
}
