import type { ProductionItem } from '@crw/api-client';
import { Button, Field, Input, Textarea, WithheldButton } from '@crw/ui';
import { PencilIcon } from 'lucide-react';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { updateItemDetails } from '../../../features/production/item.ts';
import { itemMsg as m, productionMsg as t } from '../../../features/production/messages.ts';
import type { PiecePartProps } from './piece-properties.tsx';

type Draft = Pick<ProductionItem, 'title' | 'description'>;
const draftOf = (item: ProductionItem): Draft => ({ title: item.title, description: item.description });

/**
 * The piece's title and description: read as text (the title is the drawer's heading), with «Editar título y
 * descripción», which mounts the two fields in place, saved together against the version read (a stale save is
 * refused and what was typed stays). The properties are `PieceProperties`. Withheld once final, and while the
 * client reviews the piece (the server's `frozenFields`; `frozenSaid` is the drawer's note of the reason).
 */
export const PieceText = memo(function PieceText({ item, onSaved, onReload, frozenSaid }: PiecePartProps) {
  const [editing, setEditing] = useState(false);
  const frozen = item.frozenFields.find((f) => f.field === 'title' || f.field === 'description');
  const opener = useRef<HTMLButtonElement>(null);
  // Back on the button once the fields are gone: in the commit that mounts it. (A frame later was a race: under
  // load the frame could come before React had rendered the button, and focus fell to the page.)
  const refocus = useRef(false);
  useLayoutEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    opener.current?.focus();
  }, [editing]);
  if (editing)
    return (
      <TextForm
        item={item}
        onSaved={onSaved}
        onReload={onReload}
        onDone={() => {
          refocus.current = true;
          setEditing(false);
        }}
      />
    );
  return (
    <section aria-label={m.fields.description} className="space-y-2">
      <p className={item.description ? 'text-sm whitespace-pre-wrap' : 'text-sm text-muted-foreground'}>
        {item.description || m.fields.noDescription}
      </p>
      {item.final ? null : frozen ? (
        <WithheldButton size="sm" variant="ghost" reason={frozen.reason} describedBy={frozenSaid}>
          <PencilIcon aria-hidden="true" />
          {m.fields.editText}
        </WithheldButton>
      ) : (
        <Button ref={opener} size="sm" variant="ghost" onClick={() => setEditing(true)}>
          <PencilIcon aria-hidden="true" />
          {m.fields.editText}
        </Button>
      )}
    </section>
  );
});

/** The title and description fields, mounted when «Editar título y descripción» is pressed. */
function TextForm({
  item,
  onSaved,
  onReload,
  onDone,
}: {
  item: ProductionItem;
  onSaved: (i: ProductionItem) => void;
  onReload: () => Promise<void>;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(item));
  const base = useRef(item);
  const [state, setState] = useState<'idle' | 'saving' | 'stale'>('idle');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A fresh copy of the item (after a reload) keeps what the user typed and moves the base forward.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the server's copy changes
  useEffect(() => {
    const previous = base.current;
    if (previous === item) return;
    base.current = item;
    setDraft((d) => {
      const next = draftOf(item);
      for (const key of Object.keys(d) as Array<keyof Draft>) {
        if (d[key] !== draftOf(previous)[key]) next[key] = d[key];
      }
      return next;
    });
    if (state === 'stale') setState('idle');
  }, [item]);

  const changed = (Object.keys(draft) as Array<keyof Draft>).filter((k) => draft[k] !== draftOf(item)[k]);
  const save = async () => {
    if (!draft.title.trim()) return setErrors({ title: m.fields.titleRequired });
    if (changed.length === 0) return onDone();
    setErrors({});
    setState('saving');
    try {
      const body = Object.fromEntries(changed.map((k) => [k, draft[k]]));
      const saved = await updateItemDetails(item._id, { ...body, version: item.version });
      onSaved(saved);
      onDone();
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
        {(a) => (
          <Input
            {...a}
            autoFocus
            maxLength={200}
            value={draft.title}
            onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
          />
        )}
      </Field>
      <Field label={m.fields.description} error={errors.description}>
        {(a) => (
          <Textarea
            {...a}
            maxLength={5000}
            rows={3}
            value={draft.description}
            onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
          />
        )}
      </Field>
      {errors.form ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={state === 'saving'}>
          {state === 'saving' ? t.saving : m.save}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t.cancel}
        </Button>
        <span role="status" className="text-sm text-muted-foreground">
          {changed.length > 0 ? m.unsaved : ''}
        </span>
      </div>
    </form>
  );
}
