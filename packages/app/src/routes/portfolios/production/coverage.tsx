import type { StrategyCoverage } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { productionMsg as t } from '../../../features/production/messages.ts';
import { api } from '../../../lib/api.ts';

/**
 * Told whenever the plan reloads (a filter, a view, a change told by the server): an open coverage reads again. Not
 * a prop: a version kept in the plan's state drew the whole screen a second time after each reload, for a coverage
 * that is closed by default.
 */
let refreshes = 0;
const listeners = new Set<() => void>();
export function refreshCoverage() {
  refreshes += 1;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const ignore = () => () => {};

/**
 * The cycle's coverage: pilar × ángulo as a heat table (gaps marked, a click filters the plan) and the
 * counts per formato, funnel phase and awareness level. Collapsed by default.
 */
export function Coverage({
  cycleId,
  onFilter,
}: {
  cycleId: string;
  onFilter: (pilar: string, angulo: string) => void;
}) {
  const [open, setOpen] = useState(false);
  // Followed only while open: a closed coverage draws nothing when the plan reloads.
  const version = useSyncExternalStore(open ? subscribe : ignore, () => (open ? refreshes : 0));
  const [data, setData] = useState<StrategyCoverage | null>(null);
  const [error, setError] = useState<string | null>(null);

  // `version` changes whenever the plan reloads (`refreshCoverage`): the open coverage follows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is a refresh signal
  useEffect(() => {
    if (!open) return;
    let live = true;
    api
      .call(sdk.getStrategyCoverage({ client: api.client, path: { id: cycleId } }), t.loadError)
      .then((c) => {
        if (!live) return;
        setData(c);
        setError(null);
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [open, cycleId, version]);

  const pilares = data ? Object.keys(data.matrix) : [];
  const angulos = data ? Object.keys(data.angulos) : [];
  const max = data ? Math.max(1, ...pilares.flatMap((p) => angulos.map((a) => data.matrix[p]?.[a] ?? 0))) : 1;

  return (
    <details
      className="rounded-xl border border-border"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer rounded-xl px-4 py-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring">
        {t.strategy.coverage}
        {data ? <span className="ml-2 text-muted-foreground">({data.total})</span> : null}
      </summary>
      <div className="space-y-4 px-4 pb-4">
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : !data ? (
          <p className="text-sm text-muted-foreground" aria-busy="true">
            …
          </p>
        ) : pilares.length === 0 || angulos.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.strategy.empty}</p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="text-sm">
              <caption className="pb-2 text-left font-medium">{t.strategy.matrix}</caption>
              <thead>
                <tr>
                  <th className="p-1" />
                  {angulos.map((a) => (
                    <th key={a} scope="col" className="p-1 text-left font-medium">
                      {a}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {pilares.map((p) => (
                  <tr key={p}>
                    <th scope="row" className="p-1 text-left font-medium">
                      {p}
                    </th>
                    {angulos.map((a) => {
                      const n = data.matrix[p]?.[a] ?? 0;
                      return (
                        <td key={a} className="p-0.5">
                          <button
                            type="button"
                            aria-label={t.strategy.filterCell(p, a, n)}
                            onClick={() => onFilter(p, a)}
                            style={
                              n
                                ? {
                                    backgroundColor: `color-mix(in oklab, var(--primary) ${Math.round((n / max) * 70) + 10}%, transparent)`,
                                  }
                                : undefined
                            }
                            className={`h-9 w-14 rounded text-center tabular-nums focus-visible:outline-2 focus-visible:outline-ring ${
                              n ? '' : 'border border-dashed border-destructive/60 text-destructive'
                            }`}
                          >
                            {n}
                            {n ? null : <span className="sr-only"> {t.strategy.gap}</span>}
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data ? (
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            {(
              [
                [t.strategy.byFormat, data.formatos, (k: string) => k],
                [t.strategy.byPhase, data.funnelPhases, (k: string) => t.funnelPhases[k] ?? k],
                [t.strategy.byAwareness, data.awarenessLevels, (k: string) => t.awarenessLevels[k] ?? k],
              ] as const
            ).map(([title, counts, label]) => (
              <div key={title}>
                <dt className="mb-1 font-medium">{title}</dt>
                {Object.entries(counts).map(([k, n]) => (
                  <dd key={k} className={`flex justify-between gap-2 ${n ? '' : 'text-destructive'}`}>
                    <span>{label(k)}</span>
                    <span className="tabular-nums">
                      {n}
                      {n ? null : <span className="sr-only"> {t.strategy.gap}</span>}
                    </span>
                  </dd>
                ))}
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </details>
  );
}
