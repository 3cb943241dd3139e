import type { ProductionItem } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { Combobox, DatePicker, Field, Textarea, useDebouncedValue } from '@crw/ui';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSnapshot } from 'valtio';
import { FormDialog } from '../../../features/admin/form-dialog.tsx';
import { showServerError } from '../../../features/admin/form-errors.ts';
import { agentsMsg } from '../../../features/agents/messages.ts';
import { createTask, type TaskInput } from '../../../features/agents/store.ts';
import { authStore } from '../../../features/auth/store.ts';
import { FormNotice, notBlank, RequiredTextField } from '../../../features/common/form-fields.tsx';
import { toast } from '../../../features/system/store.ts';
import { api } from '../../../lib/api.ts';
import { formatDay, todayIso } from '../../../lib/dates.ts';
import { useFormDraft } from '../../../lib/drafts.ts';

const t = agentsMsg.tasks;
const empty: TaskInput = { title: '', instructions: '', itemId: null, dueDate: null };

interface ItemOption {
  value: string;
  label: string;
  description?: string;
}

/**
 * Pieces of the portfolio for the «Pieza» field: with words typed, the one search across every cycle (issue 49:
 * an old cycle's piece too, named with its cycle); with none, the current cycle's, by title.
 */
function useItemSearch(portfolioId: string, open: boolean) {
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), 250);
  const [items, setItems] = useState<ItemOption[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setLoading(true);
    (async (): Promise<ItemOption[]> => {
      if (/[\p{L}\p{N}]/u.test(settled)) {
        // The one search (GET /search), narrowed to the portfolio: its pieces, whatever their cycle.
        const found = await api.call(
          sdk.search({
            client: api.client,
            query: { q: settled, portfolioId, limit: 20 },
            signal: controller.signal,
          }),
          t.createError,
        );
        return found.items
          .filter((h) => h.type === 'item' && h.itemId)
          .map((h) => ({
            value: h.itemId!,
            label: h.title,
            description:
              h.cycleStartDate && h.cycleEndDate
                ? t.itemCycle(formatDay(h.cycleStartDate), formatDay(h.cycleEndDate))
                : undefined,
          }));
      }
      const current = await sdk
        .getCurrentCycle({ client: api.client, path: { id: portfolioId }, signal: controller.signal })
        .then((r) => r.data ?? null);
      if (!current) return [];
      const page = await api.call(
        sdk.listItems({
          client: api.client,
          path: { id: current._id },
          query: { page: 1, limit: 20, sort: 'title', order: 'asc' },
          signal: controller.signal,
        }),
        t.createError,
      );
      return page.items.map((item: ProductionItem) => ({
        value: item._id,
        label: item.title,
        description: item.format ?? undefined,
      }));
    })()
      .then((found) => {
        setItems(found);
        setLoading(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [portfolioId, open, settled]);
  return { items, loading, setQuery };
}

/** A new task for the agent: title, instructions, an optional item of the portfolio and a due date. */
export function TaskDialog({
  open,
  agent,
  onOpenChange,
}: {
  open: boolean;
  agent: { _id: string; portfolioId: string };
  onOpenChange: (open: boolean) => void;
}) {
  const { register, control, handleSubmit, reset, setError, formState, watch } = useForm<TaskInput>({
    defaultValues: empty,
  });
  const { errors, isSubmitting } = formState;
  const search = useItemSearch(agent.portfolioId, open);
  // What is typed is kept as a draft (per user and agent) and comes back when the dialog opens again.
  const { user } = useSnapshot(authStore);
  const draft = useFormDraft({
    key: user ? { kind: 'task', userId: user._id, id: agent._id } : null,
    open,
    initial: empty,
    values: watch(),
    reset,
  });

  const submit = handleSubmit(async (values) => {
    try {
      const task = await createTask(agent, {
        ...values,
        title: values.title.trim(),
        instructions: values.instructions.trim(),
      });
      draft.done();
      toast.success(t.created(task.title));
      onOpenChange(false);
    } catch (error) {
      showServerError(error, setError, t.createError, {
        title: 'title',
        itemId: 'itemId',
        dueDate: 'dueDate',
      });
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t.createTitle}
      submitLabel={t.create}
      submitting={isSubmitting}
      error={errors.root?.server?.message}
      onSubmit={submit}
    >
      {draft.restored ? (
        <FormNotice actionLabel={agentsMsg.discardDraft} onAction={draft.discard}>
          {agentsMsg.draftRestored}
        </FormNotice>
      ) : null}
      <RequiredTextField
        label={t.titleField}
        error={errors.title?.message}
        maxLength={200}
        registration={register('title', { validate: notBlank(t.required) })}
      />
      <Field label={t.instructions}>
        {(p) => <Textarea {...p} rows={4} maxLength={20000} {...register('instructions')} />}
      </Field>
      <Field label={t.item} hint={t.itemHint} error={errors.itemId?.message}>
        {(p) => (
          <Controller
            control={control}
            name="itemId"
            render={({ field }) => (
              <Combobox
                {...p}
                filter={false}
                loading={search.loading}
                placeholder={t.itemPlaceholder}
                emptyText={t.itemEmpty}
                options={search.items}
                onSearchChange={search.setQuery}
                value={field.value}
                onValueChange={field.onChange}
              />
            )}
          />
        )}
      </Field>
      <Field label={t.due} error={errors.dueDate?.message}>
        {(p) => (
          <Controller
            control={control}
            name="dueDate"
            render={({ field }) => (
              <DatePicker {...p} min={todayIso()} value={field.value} onValueChange={field.onChange} />
            )}
          />
        )}
      </Field>
    </FormDialog>
  );
}
