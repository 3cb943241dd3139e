import { Button, Drawer, Input, Select, useDebouncedValue, useMediaQuery } from '@crw/ui';
import { SearchIcon, SlidersHorizontalIcon, XIcon } from 'lucide-react';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { authStore } from '../../../features/auth/store.ts';
import { portfoliosStore } from '../../../features/portfolios/store.ts';
import { itemStatusLabels, productionMsg as t } from '../../../features/production/messages.ts';
import { type ItemQuery, productionStore } from '../../../features/production/store.ts';
import { itemStatuses } from '../../../lib/enums.ts';
import { activeFilters } from './query.ts';

const ALL = '__all__';
/** With no filter chosen, the control shows its own name ("Formato"), so every control is told apart. */
const opts = (name: string, values: readonly string[], label: (v: string) => string = (v) => v) => [
  { value: ALL, label: `${name}: ${t.filters.any.toLowerCase()}` },
  ...values.map((v) => ({ value: v, label: label(v) })),
];

/** Status, format, pilar, ángulo, phase, awareness, assignee, text and "Mis piezas"; one click clears them. */
export function PlanFilters({
  query,
  onChange,
}: {
  query: ItemQuery;
  onChange: (changes: Record<string, string | string[] | undefined>) => void;
}) {
  const { active } = useSnapshot(portfoliosStore);
  const { members } = useSnapshot(productionStore);
  const { user } = useSnapshot(authStore);
  const [text, setText] = useState(query.q ?? '');
  const debounced = useDebouncedValue(text);
  // Only the typed text drives this; the URL is the source of truth otherwise.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when this value changes
  useEffect(() => {
    if ((query.q ?? '') !== debounced) onChange({ q: debounced || undefined });
  }, [debounced]);
  useEffect(() => setText(query.q ?? ''), [query.q]);

  const data = active?.productionCycleData;
  // One function for the screen's life, calling the newest `onChange`: with the options kept while their data does
  // not change, a filter draws again only the select whose value changed (issue 48: seven Radix selects drew at each
  // filter).
  const latest = useRef(onChange);
  latest.current = onChange;
  const [pick] = useState(
    () => (key: string, value: string) =>
      latest.current(
        key === 'status'
          ? { status: value === ALL ? undefined : [value] }
          : { [key]: value === ALL ? undefined : value },
      ),
  );
  const staff = useMemo(() => members.filter((m) => m.staff), [members]);
  const filters = useMemo(
    (): Array<{ key: keyof ItemQuery; label: string; options: { value: string; label: string }[] }> => [
      {
        key: 'status',
        label: t.filters.status,
        options: opts(
          t.filters.status,
          itemStatuses,
          (s) => itemStatusLabels[s as keyof typeof itemStatusLabels],
        ),
      },
      {
        key: 'format',
        label: t.filters.format,
        options: opts(t.filters.format, data?.formatosCreativos ?? []),
      },
      { key: 'pilar', label: t.filters.pilar, options: opts(t.filters.pilar, data?.pilaresContenido ?? []) },
      { key: 'angulo', label: t.filters.angulo, options: opts(t.filters.angulo, data?.angulosVenta ?? []) },
      {
        key: 'funnelPhase',
        label: t.filters.funnelPhase,
        options: opts(t.filters.funnelPhase, Object.keys(t.funnelPhases), (v) => t.funnelPhases[v]!),
      },
      {
        key: 'awarenessLevel',
        label: t.filters.awarenessLevel,
        options: opts(t.filters.awarenessLevel, Object.keys(t.awarenessLevels), (v) => t.awarenessLevels[v]!),
      },
      {
        key: 'assigneeId',
        label: t.filters.assignee,
        options: [
          { value: ALL, label: `${t.filters.assignee}: ${t.filters.any.toLowerCase()}` },
          ...staff.map((m) => ({ value: m._id, label: m.name })),
        ],
      },
    ],
    [data, staff],
  );
  const mine = Boolean(user && query.assigneeId === user._id);
  const count = activeFilters(query).length;
  const wide = useMediaQuery('(min-width: 768px)');
  const [unfolded, setUnfolded] = useState(false);

  const controls = (
    <div className={wide ? 'flex flex-wrap items-end gap-2' : 'flex flex-col gap-3'}>
      <div className="relative min-w-48 flex-1">
        <SearchIcon
          className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={t.filters.search}
          placeholder={t.filters.search}
          className="pl-9"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {filters.map((f) => (
        <FilterSelect
          key={f.key}
          name={f.key}
          label={f.label}
          options={f.options}
          value={(f.key === 'status' ? query.status?.[0] : (query[f.key] as string | undefined)) ?? ALL}
          onPick={pick}
          placeholder={f.key !== 'status'}
        />
      ))}
      <Button
        variant={mine ? 'default' : 'outline'}
        aria-pressed={mine}
        onClick={() => onChange({ assigneeId: mine ? undefined : user?._id })}
      >
        {t.filters.mine}
      </Button>
      {count > 0 ? (
        <Button
          variant="ghost"
          onClick={() =>
            onChange({
              status: undefined,
              format: undefined,
              pilar: undefined,
              angulo: undefined,
              funnelPhase: undefined,
              awarenessLevel: undefined,
              assigneeId: undefined,
              q: undefined,
            })
          }
        >
          <XIcon aria-hidden="true" />
          {t.filters.clear}
        </Button>
      ) : null}
    </div>
  );
  // On a phone the controls wait in a sheet behind «Filtros (n)», and the plan's first card stays on the first
  // screen; on a desktop they are always there.
  if (!wide)
    return (
      <>
        <Button
          variant="outline"
          size="sm"
          aria-haspopup="dialog"
          aria-expanded={unfolded}
          onClick={() => setUnfolded(true)}
        >
          <SlidersHorizontalIcon aria-hidden="true" />
          {t.filters.label}
          {count ? ` (${count})` : ''}
        </Button>
        <Drawer open={unfolded} onOpenChange={setUnfolded} title={t.filters.label}>
          {controls}
          <Button className="mt-6 w-full" onClick={() => setUnfolded(false)}>
            {t.filters.showResults}
          </Button>
        </Drawer>
      </>
    );
  return (
    <fieldset className="space-y-3 rounded-xl border border-border p-3">
      <legend className="px-1 text-sm font-medium">{t.filters.label}</legend>
      {controls}
    </fieldset>
  );
}

/** One filter's select, drawn again only when its own value or options change. */
const FilterSelect = memo(function FilterSelect({
  name,
  label,
  options,
  value,
  onPick,
  placeholder,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  value: string;
  onPick: (key: string, value: string) => void;
  placeholder: boolean;
}) {
  return (
    <div className="w-full sm:w-52">
      <Select
        aria-label={label}
        placeholder={placeholder ? label : undefined}
        options={options}
        value={value}
        onValueChange={(v) => onPick(name, v)}
      />
    </div>
  );
});
