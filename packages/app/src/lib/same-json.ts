/**
 * Whether two values read from JSON hold the same data, whatever the order of their objects' keys. Two answers of
 * the server for one piece (a board's page, the piece's own read) list its fields in the order of the schema each
 * route is serialised by; comparing their `JSON.stringify` took a piece read again for a changed one and drew the
 * drawer twice (issue 48).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => sameJson(v, other[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((k) => Object.hasOwn(y, k) && sameJson(x[k], y[k]));
}
