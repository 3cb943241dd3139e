import { useEffect, useRef, useState } from 'react';

/**
 * Drafts of what a person is writing, kept in the browser (localStorage) so that a close, a reload or a crash
 * loses nothing: one entry per kind of text, user and thing written about (`draft:material:{user}:{item}`).
 * Each keeps the text and the saved text it was written over (`base`), so a screen can tell whether the draft
 * still says something the saved copy does not. Storage that is full or unavailable (private mode) is
 * ignored: the draft is a safety net, never a reason to fail.
 */
export interface Draft<T> {
  value: T;
  /** The saved value the draft was written over. */
  base: T;
  /** When it was last written (ms since the epoch). */
  savedAt: number;
}

export interface DraftKey {
  /** What kind of text: `material`, `comment`… */
  kind: string;
  userId: string;
  /** What the text is about (an item's id). */
  id: string;
}

const PREFIX = 'draft:';
/** Drafts untouched for this long are dropped when another draft is written. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export const draftKey = ({ kind, userId, id }: DraftKey) => `${PREFIX}${kind}:${userId}:${id}`;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The draft stored under `key`, or null (none, or unreadable). */
export function readDraft<T>(key: DraftKey): Draft<T> | null {
  try {
    const raw = storage()?.getItem(draftKey(key));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Draft<T>;
    return draft && typeof draft === 'object' && 'value' in draft ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft<T>(key: DraftKey, value: T, base: T, now = Date.now()) {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(draftKey(key), JSON.stringify({ value, base, savedAt: now } satisfies Draft<T>));
  } catch {
    // Full or refused: the draft is a safety net only.
  }
  pruneDrafts(now);
}

export function clearDraft(key: DraftKey) {
  try {
    storage()?.removeItem(draftKey(key));
  } catch {
    // Nothing to clear.
  }
}

/** Drops the drafts last written more than `DRAFT_MAX_AGE_MS` ago. */
export function pruneDrafts(now = Date.now()) {
  const store = storage();
  if (!store) return;
  try {
    for (let i = store.length - 1; i >= 0; i--) {
      const k = store.key(i);
      if (!k?.startsWith(PREFIX)) continue;
      let savedAt = 0;
      try {
        savedAt = (JSON.parse(store.getItem(k) ?? '{}') as Partial<Draft<unknown>>).savedAt ?? 0;
      } catch {
        // Unreadable: dropped below.
      }
      if (now - savedAt > DRAFT_MAX_AGE_MS) store.removeItem(k);
    }
  } catch {
    // Storage unavailable.
  }
}

/**
 * A write that waits until the typing pauses (`delay` ms) and can be done at once (`flush`, when the page
 * goes away or the screen closes) or dropped (`cancel`).
 */
export function debounced(delay = 500) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: (() => void) | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const run = pending;
    pending = undefined;
    run?.();
  };
  return {
    schedule(write: () => void) {
      pending = write;
      clearTimeout(timer);
      timer = setTimeout(flush, delay);
    },
    flush,
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}

/**
 * Keeps `value` as the draft under `key` while it differs from `saved` (debounced; flushed when the page is
 * hidden or the component goes away) and clears it once they are equal (saved, sent, or typed back).
 * `paused` stops both (while an older draft is being offered, it must not be overwritten nor cleared).
 * A null key (no user yet) keeps nothing.
 */
export function useDraftKeeper<T>({
  key,
  value,
  saved,
  paused = false,
  equal = Object.is,
  delay = 500,
}: {
  key: DraftKey | null;
  value: T;
  saved: T;
  paused?: boolean;
  equal?: (a: T, b: T) => boolean;
  delay?: number;
}) {
  const writer = useRef<ReturnType<typeof debounced>>(null);
  writer.current ??= debounced(delay);
  const id = key ? draftKey(key) : null;
  const keyRef = useRef(key);
  keyRef.current = key;
  // The newest value: the render's, or one handed over by `keep` since (a key typed with no render).
  const latest = useRef({ value, saved, paused, equal });
  latest.current = { value, saved, paused, equal };
  const decide = () => {
    const k = keyRef.current;
    const { value: v, saved: s, paused: p, equal: same } = latest.current;
    if (!k || p) return;
    if (same(v, s)) {
      writer.current?.cancel();
      clearDraft(k);
    } else
      writer.current?.schedule(() => {
        // What is written is the newest value when the write happens, not when it was scheduled.
        const now = latest.current;
        if (!same(now.value, now.saved)) writeDraft(k, now.value, now.saved);
      });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reads through its refs; the dependencies say when
  useEffect(decide, [id, value, saved, paused, equal]);
  // Another key (another item): what was typed for the previous one is written now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the key changes
  useEffect(() => () => writer.current?.flush(), [id]);
  // What is pending is written when the page is hidden (a reload, a closed tab) or the component unmounts.
  useEffect(() => {
    const w = writer.current;
    const flush = () => w?.flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flush);
      flush();
    };
  }, []);
  return {
    /** Drops the draft now (the person discarded it, or it was just saved), with any write still pending. */
    discard() {
      writer.current?.cancel();
      if (keyRef.current) clearDraft(keyRef.current);
    },
    /** A newer value, given without a render (a key typed in the editor): kept as the render's would be. */
    keep(next: T) {
      latest.current = { ...latest.current, value: next };
      decide();
    },
  };
}

/**
 * A dialog's form kept as a draft: when the dialog opens, a stored draft that differs from the form's start
 * (`initial`) is put back into the form (`reset`) and `restored` says so; while it is open, what the form
 * holds (`values`) is kept; `done` (sent) and `discard` (back to the start) drop the draft. Values are stored
 * as JSON.
 */
export function useFormDraft<T>({
  key,
  open,
  initial,
  values,
  reset,
}: {
  key: DraftKey | null;
  open: boolean;
  initial: T;
  values: T;
  reset: (values: T) => void;
}) {
  const [ready, setReady] = useState(false);
  const [restored, setRestored] = useState(false);
  const keyRef = useRef(key);
  keyRef.current = key;
  const start = JSON.stringify(initial);
  const startRef = useRef(start);
  startRef.current = start;
  const resetRef = useRef(reset);
  resetRef.current = reset;
  const id = key ? draftKey(key) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the dialog opens or its key changes
  useEffect(() => {
    if (!open) {
      setReady(false);
      return;
    }
    const found = keyRef.current ? readDraft<string>(keyRef.current) : null;
    const use = found !== null && typeof found.value === 'string' && found.value !== startRef.current;
    resetRef.current(JSON.parse(use ? found.value : startRef.current) as T);
    setRestored(use);
    setReady(true);
  }, [open, id]);
  const keeper = useDraftKeeper({ key, value: JSON.stringify(values), saved: start, paused: !ready });
  return {
    /** The form holds a draft put back when it opened. */
    restored,
    /** The form was sent: no draft to keep. */
    done() {
      keeper.discard();
      setRestored(false);
    },
    /** Back to the form's start, without the draft. */
    discard() {
      keeper.discard();
      setRestored(false);
      resetRef.current(JSON.parse(startRef.current) as T);
    },
  };
}
