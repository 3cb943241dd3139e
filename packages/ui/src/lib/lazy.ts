/**
 * A value made on its first use, then kept. For `Intl` formatters: a page's first one loads the locale's data
 * (37–80 ms on a phone, 4× slowdown, measured in Chromium), and made at a module's top level it was paid inside
 * the evaluation of the shell's chunks, one of a start's longest tasks, by screens that never format anything
 * (issue 14's blocking time). Made lazily, it is paid where something is first formatted, if anything is.
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

/**
 * `make(key)` kept per key once made: for a date's name, where `Intl`'s `format` costs ~0.1 ms a call and a board or a
 * calendar names the same few days again at every render (a cycle has 14 of them, a board of 1,000 shows ~50 cards).
 * At `bound` keys it starts again (a few months' days in a session; a bound all the same).
 */
export function keptByKey<K, V>(make: (key: K) => V, bound = 2000): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = make(key);
      if (kept.size >= bound) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}
