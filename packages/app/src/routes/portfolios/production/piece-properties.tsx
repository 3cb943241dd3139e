import type { ProductionItem } from '@crw/api-client';
import { DatePicker, Property, PropertyOptions } from '@crw/ui';
import { memo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { portfoliosStore } from '../../../features/portfolios/store.ts';
import { updateItemDetails } from '../../../features/production/item.ts';
import { itemMsg as m, productionMsg as t } from '../../../features/production/messages.ts';
import { productionStore } from '../../../features/production/store.ts';
import { toast } from '../../../features/system/store.ts';
import { formatDay } from '../../../lib/dates.ts';

const NONE = '__none__';

type Key = 'format' | 'pilar' | 'angulo' | 'funnelPhase' | 'awarenessLevel' | 'assigneeId' | 'publishDate';

/** What a part of the piece's «Detalles» that saves the piece is given by the drawer. */
export interface PiecePartProps {
  item: ProductionItem;
  onSaved: (i: ProductionItem) => void;
  onReload: () => Promise<void>;
  /** The element that says once why fields are frozen (the drawer's note): frozen controls point to it. */
  frozenSaid?: string;
}

/**
 * The piece's properties as compact buttons with their values (issue 48: a piece opens to read): format, pilar,
 * ángulo, fase, nivel, fecha and owner. A property's options or date field mount when its button is pressed; a
 * choice is saved at once, against the newest version known (choices made in a row wait for each other, so the
 * second is not refused as stale), and shows before the server answers. Withheld once the piece is final, and
 * while the client reviews it for what she is shown (the server's `frozenFields`; `frozenSaid` is the drawer's
 * note that says the reason once).
 */
export const PieceProperties = memo(function PieceProperties({
  item,
  onSaved,
  onReload,
  frozenSaid,
}: PiecePartProps) {
  const { active } = useSnapshot(portfoliosStore);
  const { members } = useSnapshot(productionStore);
  // Chosen and not yet answered: shown at once.
  const [pending, setPending] = useState<Partial<Record<Key, string | null>>>({});
  const latest = useRef(item);
  if (latest.current._id !== item._id || latest.current.version < item.version) latest.current = item;
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const save = (key: Key, value: string | null) => {
    if ((latest.current[key] ?? null) === value) return;
    setPending((p) => ({ ...p, [key]: value }));
    queue.current = queue.current.then(async () => {
      try {
        const saved = await updateItemDetails(item._id, { [key]: value, version: latest.current.version });
        latest.current = saved;
        onSaved(saved);
      } catch (e) {
        const err = e as Error & { status?: number };
        if (err.status === 409) {
          toast.error(m.stale);
          await onReload();
        } else toast.error(err.message);
      } finally {
        setPending((p) => {
          const { [key]: _, ...rest } = p;
          return rest;
        });
      }
    });
  };

  const frozen = new Map(item.frozenFields.map((f) => [f.field, f.reason]));
  const withheld = (key: Key) => (item.final ? m.approvedFinal : frozen.get(key));
  const current = (key: Key) => (key in pending ? pending[key] : item[key]) ?? null;
  const data = active?.productionCycleData;
  const choices = (values: readonly string[], label: (v: string) => string = (v) => v) => [
    { value: NONE, label: m.fields.none },
    ...values.map((v) => ({ value: v, label: label(v) })),
  ];
  const choice = (
    key: Exclude<Key, 'publishDate'>,
    label: string,
    options: { value: string; label: string }[],
  ) => {
    const value = current(key);
    const reason = withheld(key);
    return (
      <Property
        key={key}
        label={label}
        value={options.find((o) => o.value === value)?.label ?? value}
        empty={m.fields.none}
        withheld={reason}
        describedBy={reason && frozen.has(key) ? frozenSaid : undefined}
      >
        {(close) => (
          <PropertyOptions
            label={label}
            options={options}
            value={value ?? NONE}
            onChoose={(v) => {
              close();
              save(key, v === NONE ? null : v);
            }}
          />
        )}
      </Property>
    );
  };
  const date = current('publishDate');
  const dateWithheld = withheld('publishDate');
  return (
    <section
      aria-label={m.properties}
      className="grid grid-cols-2 gap-1 sm:grid-cols-4"
      data-slot="piece-properties"
    >
      {choice('format', m.fields.format, choices(data?.formatosCreativos ?? []))}
      {choice('pilar', m.fields.pilar, choices(data?.pilaresContenido ?? []))}
      {choice('angulo', m.fields.angulo, choices(data?.angulosVenta ?? []))}
      {choice(
        'funnelPhase',
        m.fields.funnelPhase,
        choices(Object.keys(t.funnelPhases), (v) => t.funnelPhases[v]!),
      )}
      {choice(
        'awarenessLevel',
        m.fields.awarenessLevel,
        choices(Object.keys(t.awarenessLevels), (v) => t.awarenessLevels[v]!),
      )}
      <Property
        label={m.fields.publishDate}
        value={date ? formatDay(date) : null}
        empty={m.fields.none}
        popup="dialog"
        withheld={dateWithheld}
        describedBy={dateWithheld && frozen.has('publishDate') ? frozenSaid : undefined}
      >
        {(close) => (
          <div className="p-2">
            <DatePicker
              aria-label={m.fields.publishDate}
              value={date}
              onValueChange={(value) => {
                close();
                save('publishDate', value);
              }}
            />
          </div>
        )}
      </Property>
      {choice('assigneeId', m.fields.assignee, [
        { value: NONE, label: t.unassigned },
        ...members.filter((x) => x.staff).map((x) => ({ value: x._id, label: x.name })),
      ])}
    </section>
  );
});
