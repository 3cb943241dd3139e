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
