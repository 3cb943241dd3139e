import { AlertTriangleIcon } from 'lucide-react';
import * as React from 'react';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';
import { Skeleton } from '../skeleton/skeleton.tsx';
import { wordDiff } from './word-diff.ts';

/** The texts a DiffView shows: the defaults' shape, any Spanish string. */
export type DiffViewLabels = {
  [K in keyof typeof uiMessages.diffView]: (typeof uiMessages.diffView)[K] extends string
    ? string
    : (typeof uiMessages.diffView)[K];
};

export type DiffViewProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The older text (plain text: turn rich text into text first; line breaks are kept). */
  before: string;
  /** The newer text. */
  after: string;
  /** A line with the words added and removed, or «Sin cambios» (default: shown). */
  showSummary?: boolean;
  /** The key to the two marks (default: shown when something changed). */
  showLegend?: boolean;
  /** Placeholders while the texts load, with `aria-busy`. */
  loading?: boolean;
  /** The texts could not be loaded or compared: `true` says so in Spanish, or pass your own text. */
  error?: React.ReactNode;
  /** Other Spanish texts (e.g. a domain's own summary); the defaults are in `uiMessages.diffView`. */
  labels?: Partial<DiffViewLabels>;
};

const insClass =
  'rounded-[2px] bg-success/20 px-0.5 [box-decoration-break:clone] text-foreground underline decoration-success decoration-2';
const delClass =
  'rounded-[2px] bg-destructive/15 px-0.5 [box-decoration-break:clone] text-foreground line-through decoration-destructive decoration-2';

/**
 * Two texts compared word by word: what the newer one adds is an `<ins>`, what it drops a `<del>`, each
 * preceded for screen readers by «[añadido]» / «[eliminado]»; a summary counts the words, a legend explains
 * the marks, and equal texts say «Sin cambios». Long text and long words wrap.
 */
export function DiffView({
  before,
  after,
  showSummary = true,
  showLegend = true,
  loading = false,
  error,
  labels,
  className,
  ...props
}: DiffViewProps) {
  const t = { ...uiMessages.diffView, ...labels };
  const failed = error !== undefined && error !== null && error !== false;
  const diff = React.useMemo(
    () => (loading || failed ? null : wordDiff(before, after)),
    [before, after, loading, failed],
  );

  let body: React.ReactNode;
  if (loading)
    body = (
      <div data-slot="diff-view-loading" className="space-y-2 rounded-lg border border-border p-3">
        <span role="status" className="sr-only">
          {t.loading}
        </span>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  else if (failed || !diff)
    body = (
      <p
        role="alert"
        data-slot="diff-view-error"
        className="flex items-center gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
      >
        <AlertTriangleIcon className="size-4 shrink-0" aria-hidden="true" />
        {failed && error !== true ? error : t.error}
      </p>
    );
  else
    body = (
      <>
        {showSummary || (showLegend && !diff.unchanged) ? (
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-xs">
            {showSummary ? (
              <p data-slot="diff-view-summary" className="text-muted-foreground">
                {diff.unchanged ? t.unchanged : t.summary(diff.added, diff.removed)}
              </p>
            ) : null}
            {showLegend && !diff.unchanged ? (
              <ul aria-label={t.legend} data-slot="diff-view-legend" className="flex flex-wrap gap-3">
                <li>
                  <span className={cn(insClass, 'px-1')}>{t.legendAdded}</span>
                </li>
                <li>
                  <span className={cn(delClass, 'px-1')}>{t.legendRemoved}</span>
                </li>
              </ul>
            ) : null}
          </div>
        ) : null}
        <p
          data-slot="diff-view-text"
          className="whitespace-pre-wrap rounded-lg border border-border p-3 text-sm leading-relaxed [overflow-wrap:anywhere]"
        >
          {diff.parts.length === 0 ? <span className="text-muted-foreground">{t.noText}</span> : null}
          {/* Diff parts have no identity of their own: their order is their key. */}
          {diff.parts.map((p, i) =>
            p.kind === 'added' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <ins key={i} className={insClass}>
                <span className="sr-only">{`[${t.added}] `}</span>
                {p.value}
              </ins>
            ) : p.kind === 'removed' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <del key={i} className={delClass}>
                <span className="sr-only">{`[${t.removed}] `}</span>
                {p.value}
              </del>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <span key={i}>{p.value}</span>
            ),
          )}
        </p>
      </>
    );

  return (
    <div
      data-slot="diff-view"
      data-state={loading ? 'loading' : failed ? 'error' : diff?.unchanged ? 'unchanged' : 'changed'}
      aria-busy={loading || undefined}
      className={cn('space-y-2', className)}
      {...props}
    >
      {body}
    </div>
  );
}
