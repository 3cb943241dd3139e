/** The one table `npm run bench` prints, and the JSON it writes beside it. */

export type Verdict = 'pass' | 'fail' | 'info' | 'error';

export interface Row {
  db: 'PGlite' | 'PostgreSQL' | '—';
  key: string;
  path: string;
  ours: string;
  baseline: string;
  ratio: string;
  goal: string;
  verdict: Verdict;
  /** The figures behind the cells, for the JSON. */
  data: Record<string, unknown>;
}

export const fmt = {
  n: (x: number, digits = 0) =>
    x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }),
  ms: (x: number) => `${x < 10 ? x.toFixed(1) : Math.round(x).toLocaleString('en-US')} ms`,
  mb: (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`,
  kb: (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`,
  x: (ratio: number) => `${ratio.toFixed(2)}×`,
};

const verdictText: Record<Verdict, string> = { pass: 'pass', fail: 'FAIL', info: '—', error: 'ERROR' };

export function renderTable(rows: Row[]): string {
  const header = ['db', 'path', 'ours', 'baseline', 'ratio', 'goal', 'pass/fail'];
  const cells = rows.map((r) => [r.db, r.path, r.ours, r.baseline, r.ratio, r.goal, verdictText[r.verdict]]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

export function summary(rows: Row[]) {
  const count = (v: Verdict) => rows.filter((r) => r.verdict === v).length;
  return { pass: count('pass'), fail: count('fail'), error: count('error'), info: count('info') };
}
