import { Button, EmptyState, preloadCalendarDnd, ProgressBar, SegmentedControl, Skeleton } from '@crw/ui';
import { CalendarIcon, KanbanSquareIcon, PlusIcon, SparklesIcon, TableIcon } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { onProductionChanged, onReconnected } from '../../features/notifications/realtime.ts';
import { productionMsg as t } from '../../features/production/messages.ts';
import { clearSelection } from '../../features/production/selection.ts';
import {
  concernsPlan,
  isQuickAddEcho,
  loadBoard,
  loadCalendar,
  loadTable,
  openPlan,
  productionStore,
  useCalendarAnswered,
  useTableAnswered,
} from '../../features/production/store.ts';
import { Screen } from '../screen.tsx';
import { ReviewLink } from './portfolio-links.tsx';
import { BoardView } from './production/board-view.tsx';
import { BulkBar } from './production/bulk-bar.tsx';
import { CalendarView } from './production/calendar-view.tsx';
import { Coverage, refreshCoverage } from './production/coverage.tsx';
import { CyclePicker } from './production/cycle-picker.tsx';
import { CreateItemDialog, StartProductionDialog, StrategyDialog } from './production/dialogs.tsx';
import { PlanFilters } from './production/filters.tsx';
import { ItemDrawer } from './production/item-drawer.tsx';
import { type PlanView, readPlan, withParams } from './production/query.ts';
import { TableView } from './production/table-view.tsx';

const viewIcons = { board: KanbanSquareIcon, table: TableIcon, calendar: CalendarIcon } as const;
/** The same elements at every render: a view switched draws the control's state, not its icons again. */
const viewItems = (['board', 'table', 'calendar'] as PlanView[]).map((v) => {
  const Icon = viewIcons[v];
  return { value: v, label: t.views[v], icon: <Icon aria-hidden="true" /> };
});

/** /portfolios/{id}/production: plan a cycle's items as a board, a table or a calendar. */
export default function ProductionScreen() {
  const { portfolioId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const snap = useSnapshot(productionStore);
  const plan = readPlan(params);
  const [dialog, setDialog] = useState<'start' | 'create' | 'strategy' | null>(null);

  useEffect(() => {
    void openPlan(portfolioId);
  }, [portfolioId]);
  // The calendar's drag and drop, when the page is idle: the calendar then draws its grid once, not once without
  // it and again inside it when its chunk has come.
  useEffect(preloadCalendarDnd, []);

  const cycleId = plan.cycleId ?? snap.current?._id ?? snap.cycles[0]?._id;
  const cycle =
    snap.cycles.find((c) => c._id === cycleId) ?? (snap.current?._id === cycleId ? snap.current : null);
  const queryKey = JSON.stringify(plan.query);
  const query = useMemo(() => JSON.parse(queryKey) as typeof plan.query, [queryKey]);

  // The calendar and the table draw once, with their pieces: switched to from another view, that view stays until
  // the new one's answer has come (issue 48: drawn empty first, the calendar's grid was laid out and painted twice;
  // the table drew its skeleton, laid it out and painted it, then drew its rows).
  const calendarAnswered = useCalendarAnswered(cycleId, query);
  const tableAnswered = useTableAnswered(cycleId, query, plan.page);
  const drawn = useRef(plan.view);
  const answered = plan.view === 'calendar' ? calendarAnswered : plan.view === 'table' ? tableAnswered : true;
  const view = plan.view !== drawn.current && !answered ? drawn.current : plan.view;
  useLayoutEffect(() => {
    drawn.current = view;
  });

  const reload = useCallback(() => {
    if (!cycleId) return;
    if (plan.view === 'board') void loadBoard(cycleId, query);
    else if (plan.view === 'table') void loadTable(cycleId, query, plan.page);
    else void loadCalendar(cycleId, query);
    refreshCoverage();
  }, [cycleId, plan.view, plan.page, query]);

  useEffect(reload, [reload]);
  // The reload as one function for the screen's life, for what is told of a change (the table, the bulk bar, the
  // drawer, the dialogs, a realtime event): a new filter or view does not draw those again.
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const changed = useCallback(() => reloadRef.current(), []);
  // A selection belongs to one cycle: another cycle (or portfolio) starts with none.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the cycle changes
  useEffect(() => clearSelection(), [cycleId]);

  // Someone else's change shows within a second, without a reload (several events in a burst: one fetch).
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    const schedule = () => {
      clearTimeout(pending.current);
      pending.current = setTimeout(changed, 150);
    };
    const offChange = onProductionChanged((event) => {
      if (concernsPlan(event) && !isQuickAddEcho(event)) schedule();
    });
    const offReconnect = onReconnected(schedule);
    return () => {
      offChange();
      offReconnect();
      clearTimeout(pending.current);
    };
  }, [changed]);

  // The screen's callbacks are one function each for its life, and its parts below are kept while their own
  // inputs do not change: opening a piece (the URL's `item`) draws the drawer, not the filters, the cycle picker,
  // the coverage or a board or calendar of 1,000 pieces again.
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const set = useCallback(
    (changes: Record<string, string | string[] | undefined>) =>
      setParamsRef.current((p) => withParams(p, changes)),
    [],
  );
  const open = useCallback((id: string) => set({ item: id }), [set]);
  const toPage = useCallback((page: number) => set({ page: String(page) }), [set]);
  const sortBy = useCallback(
    (sort: string, order: 'asc' | 'desc') => set({ sort, order: order === 'desc' ? 'desc' : undefined }),
    [set],
  );
  const closeItem = useCallback(() => set({ item: undefined }), [set]);

  const started = Boolean(snap.started && cycleId);
  const screenActions = useMemo(
    () => (
      <>
        {/* Beside the title on a phone (its own row there otherwise), before the actions on a desktop. */}
        <ReviewLink portfolioId={portfolioId} className="ml-auto" />
        {started ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setDialog('strategy')}>
              <SparklesIcon aria-hidden="true" />
              {t.strategy.action}
            </Button>
            <Button onClick={() => setDialog('create')}>
              <PlusIcon aria-hidden="true" />
              {t.create.action}
            </Button>
          </div>
        ) : null}
      </>
    ),
    [portfolioId, started],
  );
  const picker = useMemo(
    () =>
      cycleId ? (
        <CyclePicker
          portfolioId={portfolioId}
          selectedId={cycleId}
          onSelect={(id) => set({ cycle: id, item: undefined })}
        />
      ) : null,
    [portfolioId, cycleId, set],
  );
  const views = useMemo(
    () => (
      <SegmentedControl
        aria-label={t.views.label}
        value={plan.view}
        items={viewItems}
        onValueChange={(v) => set({ view: v, page: undefined })}
      />
    ),
    [plan.view, set],
  );
  const filters = useMemo(() => <PlanFilters query={query} onChange={set} />, [query, set]);
  const coverage = useMemo(
    () =>
      cycleId ? <Coverage cycleId={cycleId} onFilter={(pilar, angulo) => set({ pilar, angulo })} /> : null,
    [cycleId, set],
  );
  const dialogs = useMemo(
    () => (
      <>
        <StartProductionDialog
          open={dialog === 'start'}
          onOpenChange={(open) => setDialog(open ? 'start' : null)}
          portfolioId={portfolioId}
        />
        {cycleId ? (
          <>
            <CreateItemDialog
              open={dialog === 'create'}
              onOpenChange={(open) => setDialog(open ? 'create' : null)}
              cycleId={cycleId}
              onCreated={(id) => {
                changed();
                set({ item: id });
              }}
            />
            <StrategyDialog
              open={dialog === 'strategy'}
              onOpenChange={(open) => setDialog(open ? 'strategy' : null)}
              cycleId={cycleId}
              onCreated={changed}
            />
          </>
        ) : null}
      </>
    ),
    [dialog, portfolioId, cycleId, changed, set],
  );

  let body: React.ReactNode;
  if (snap.loadError) {
    body = (
      <EmptyState
        title={t.loadError}
        description={snap.loadError}
        action={
          <Button variant="outline" onClick={() => void openPlan(portfolioId)}>
            {t.retry}
          </Button>
        }
      />
    );
  } else if (snap.started === null) {
    body = (
      <div aria-busy="true" className="space-y-4">
        <span className="sr-only">{t.loading}</span>
        <Skeleton className="h-10 w-full max-w-md" />
        <div className="grid gap-4 md:grid-cols-3">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      </div>
    );
  } else if (!snap.started || !cycleId) {
    body = (
      <EmptyState
        title={t.noCycle.title}
        description={t.noCycle.description}
        action={<Button onClick={() => setDialog('start')}>{t.noCycle.action}</Button>}
      />
    );
  } else {
    const waiting = view !== plan.view;
    body = (
      <div className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          {picker}
          {views}
        </div>
        {filters}
        {coverage}
        {view !== 'calendar' ? <BulkBar cycleId={cycleId} onChanged={changed} /> : null}
        {/* Busy while the view switched to waits for its answer: the one it replaces stays, under a thin bar that
            shows if the wait passes 200 ms (a fast answer changes no pixel before the new view). Not the old view
            dimmed: fading a board of 1,000 pieces painted it again into a layer of its own (~70 ms at 4×). */}
        <div aria-busy={waiting || undefined} className="relative">
          {waiting ? (
            <ProgressBar
              size="sm"
              aria-label={t.loading}
              className="absolute inset-x-0 -top-2.5 transition-opacity delay-200 starting:opacity-0"
            />
          ) : null}
          {view === 'board' ? (
            <BoardView cycleId={cycleId} query={query} onOpen={open} />
          ) : view === 'table' ? (
            <TableView
              cycleId={cycleId}
              query={query}
              page={plan.page}
              onPage={toPage}
              onSort={sortBy}
              onOpen={open}
              onChanged={changed}
            />
          ) : (
            <CalendarView cycle={cycle} onOpen={open} />
          )}
        </div>
      </div>
    );
  }

  return (
    <Screen title={t.title} actions={screenActions}>
      {body}
      {dialogs}
      {plan.itemId ? (
        <ItemDrawer itemId={plan.itemId} onClose={closeItem} onChanged={changed} onOpenItem={open} />
      ) : null}
    </Screen>
  );
}
