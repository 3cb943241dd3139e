import type { ProductionItem } from '@crw/api-client';
import { Button, DatePicker, Field, Input, Select, Textarea } from '@crw/ui';
import { memo, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { portfoliosStore } from '../../../features/portfolios/store.ts';
import { updateItemDetails } from '../../../features/production/item.ts';
import { itemMsg as m, productionMsg as t } from '../../../features/production/messages.ts';
import { productionStore } from '../../../features/production/store.ts';

const NONE = '__none__';

type Draft = Pick<
  ProductionItem,
  | 'title'
  | 'description'
  | 'format'
  | 'pilar'
  | 'angulo'
  | 'funnelPhase'
  | 'awarenessLevel'
  | 'publishDate'
  | 'assigneeId'
>;
const draftOf = (item: ProductionItem): Draft => ({
  title: item.title,
  description: item.description,
  format: item.format,
  pilar: item.pilar,
  angulo: item.angulo,
  funnelPhase: item.funnelPhase,
  awarenessLevel: item.awarenessLevel,
  publishDate: item.publishDate,
  assigneeId: item.assigneeId,
});

/**
 * The Detalles tab: title, description, the strategy fields, assignee and publish date, saved together against
 * the version read (a stale save is refused and what was typed stays). Read-only once approved; while the client
 * reviews the piece, what the client is shown is frozen (the server's `frozenFields`; the drawer says the reason
 * once, `frozenSaid`, which each frozen control also shows on hover).
 */
export const DetailsForm = memo(function DetailsForm({
  item,
  onSaved,
  onReload,
  frozenSaid,
}: {
  item: ProductionItem;
  onSaved: (i: ProductionItem) => void;
  onReload: () => Promise<void>;
  /** The element that says why details are frozen (the drawer's note): the frozen controls point to it. */
  frozenSaid?: string;
}) {
  const { active } = useSnapshot(portfoliosStore);
  const { members } = useSnapshot(productionStore);
  const [draft, setDraft] = useState<Draft>(() => draftOf(item));
  const base = useRef(item);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'stale'>('idle');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A fresh copy of the item (after a reload) keeps what the user typed and moves the base forward.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the server's copy changes
  useEffect(() => {
    const previous = base.current;
    // On mount the draft is already the item's: setting it again would draw the form twice.
    if (previous === item) return;
    base.current = item;
    setDraft((d) => {
      const next = draftOf(item);
      for (const key of Object.keys(d) as Array<keyof Draft>) {
        if (d[key] !== draftOf(previous)[key]) (next as Record<string, unknown>)[key] = d[key];
      }
      return next;
    });
    if (state === 'stale') setState('idle');
  }, [item]);

  const changed = (Object.keys(draft) as Array<keyof Draft>).filter((k) => draft[k] !== draftOf(item)[k]);
  const readOnly = item.final;
  const frozen = new Map(item.frozenFields.map((f) => [f.field, f.reason]));
  /** A frozen control: read-only or disabled, described by the reason, which it also shows on hover. */
  const lock = (key: keyof Draft, describedBy: string | undefined) =>
    frozen.has(key)
      ? {
          locked: true,
          title: frozen.get(key),
          describedBy: [describedBy, frozenSaid].filter(Boolean).join(' ') || undefined,
        }
      : { locked: false, title: undefined, describedBy };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setState('idle');
  };
  const save = async () => {
    if (!draft.title.trim()) return setErrors({ title: m.fields.titleRequired });
    setErrors({});
    setState('saving');
    try {
      const body = Object.fromEntries(changed.map((k) => [k, draft[k]]));
      const saved = await updateItemDetails(item._id, { ...body, version: item.version });
      setState('saved');
      onSaved(saved);
    } catch (e) {
      const err = e as Error & {
        status?: number;
        body?: { code?: string; details?: Array<{ field?: string; message: string }> };
      };
      if (err.status === 409) return setState('stale');
      setState('idle');
      const fieldErrors = Object.fromEntries(
        (err.body?.details ?? []).filter((d) => d.field).map((d) => [d.field!, d.message]),
      );
      setErrors(Object.keys(fieldErrors).length ? fieldErrors : { form: err.message });
    }
  };
  const data = active?.productionCycleData;
  const options = (values: readonly string[], label: (v: string) => string = (v) => v) => [
    { value: NONE, label: m.fields.none },
    ...values.map((v) => ({ value: v, label: label(v) })),
  ];
  const select = (
    key: 'format' | 'pilar' | 'angulo' | 'funnelPhase' | 'awarenessLevel' | 'assigneeId',
    label: string,
    opts: { value: string; label: string }[],
  ) => (
    <Field label={label} error={errors[key]}>
      {(a) => {
        const l = lock(key, a['aria-describedby']);
        return (
          <div title={l.title}>
            <Select
              {...a}
              aria-describedby={l.describedBy}
              disabled={readOnly || l.locked}
              options={opts}
              value={(draft[key] as string | null) ?? NONE}
              onValueChange={(v) => set(key, (v === NONE ? null : v) as never)}
            />
          </div>
        );
      }}
    </Field>
  );

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {state === 'stale' ? (
        <div
          role="alert"
          className="space-y-2 rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm"
        >
          <p>{m.stale}</p>
          <Button type="button" size="sm" variant="outline" onClick={() => void onReload()}>
            {m.staleReload}
          </Button>
        </div>
      ) : null}
      <Field label={m.fields.title} error={errors.title}>
        {(a) => {
          const l = lock('title', a['aria-describedby']);
          return (
            <Input
              {...a}
              aria-describedby={l.describedBy}
              title={l.title}
              className={l.locked ? 'bg-muted' : undefined}
              readOnly={readOnly || l.locked}
              maxLength={200}
              value={draft.title}
              onChange={(e) => set('title', e.target.value)}
            />
          );
        }}
      </Field>
      <Field label={m.fields.description} error={errors.description}>
        {(a) => {
          const l = lock('description', a['aria-describedby']);
          return (
            <Textarea
              {...a}
              aria-describedby={l.describedBy}
              title={l.title}
              className={l.locked ? 'bg-muted' : undefined}
              readOnly={readOnly || l.locked}
              maxLength={5000}
              rows={3}
              value={draft.description}
              onChange={(e) => set('description', e.target.value)}
            />
          );
        }}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {select('format', m.fields.format, options(data?.formatosCreativos ?? []))}
        {select('pilar', m.fields.pilar, options(data?.pilaresContenido ?? []))}
        {select('angulo', m.fields.angulo, options(data?.angulosVenta ?? []))}
        {select(
          'funnelPhase',
          m.fields.funnelPhase,
          options(Object.keys(t.funnelPhases), (v) => t.funnelPhases[v]!),
        )}
        {select(
          'awarenessLevel',
          m.fields.awarenessLevel,
          options(Object.keys(t.awarenessLevels), (v) => t.awarenessLevels[v]!),
        )}
        {select('assigneeId', m.fields.assignee, [
          { value: NONE, label: t.unassigned },
          ...members.filter((x) => x.staff).map((x) => ({ value: x._id, label: x.name })),
        ])}
        <Field label={m.fields.publishDate} error={errors.publishDate}>
          {(a) => {
            const l = lock('publishDate', a['aria-describedby']);
            return (
              <div title={l.title}>
                <DatePicker
                  {...a}
                  aria-describedby={l.describedBy}
                  disabled={readOnly || l.locked}
                  value={draft.publishDate ?? null}
                  onValueChange={(value) => set('publishDate', value)}
                />
              </div>
            );
          }}
        </Field>
      </div>
      {errors.form ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      ) : null}
      {readOnly ? null : (
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={state === 'saving' || changed.length === 0}>
            {state === 'saving' ? t.saving : m.save}
          </Button>
          <span role="status" className="text-sm text-muted-foreground">
            {state === 'saved' && changed.length === 0 ? m.saved : changed.length > 0 ? m.unsaved : ''}
          </span>
        </div>
      )}
    </form>
  );
});
