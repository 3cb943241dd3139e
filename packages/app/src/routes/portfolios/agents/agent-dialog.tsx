import type { Agent } from '@crw/api-client';
import { Button, Field, Input, Label, Switch, Textarea } from '@crw/ui';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSnapshot } from 'valtio';
import { FormDialog } from '../../../features/admin/form-dialog.tsx';
import { showServerError } from '../../../features/admin/form-errors.ts';
import { agentsMsg as t } from '../../../features/agents/messages.ts';
import { type AgentInput, createAgent, updateAgent } from '../../../features/agents/store.ts';
import { authStore } from '../../../features/auth/store.ts';
import { toast } from '../../../features/system/store.ts';
import { useFormDraft } from '../../../lib/drafts.ts';

type EditableAgent = Pick<Agent, '_id' | 'portfolioId' | 'name' | 'description' | 'instructions' | 'active'>;

const toForm = (agent: EditableAgent | null): AgentInput => ({
  name: agent?.name ?? '',
  description: agent?.description ?? '',
  instructions: agent?.instructions ?? '',
  active: agent?.active ?? true,
});

/** Create (agent = null) or edit an agent: name, description, instructions, active. */
export function AgentDialog({
  open,
  portfolioId,
  agent,
  onOpenChange,
}: {
  open: boolean;
  portfolioId: string;
  agent: EditableAgent | null;
  onOpenChange: (open: boolean) => void;
}) {
  const activeId = useId();
  const { register, control, handleSubmit, reset, setError, formState, watch } = useForm<AgentInput>({
    defaultValues: toForm(agent),
  });
  const { errors, isSubmitting } = formState;
  // What is typed (the instructions above all) is kept as a draft per user and agent (or per portfolio for a
  // new one) and comes back when the dialog opens again.
  const { user } = useSnapshot(authStore);
  const draft = useFormDraft({
    key: user
      ? { kind: agent ? 'agent' : 'new-agent', userId: user._id, id: agent ? agent._id : portfolioId }
      : null,
    open,
    initial: toForm(agent),
    values: watch(),
    reset,
  });

  const submit = handleSubmit(async (values) => {
    const input = {
      ...values,
      name: values.name.trim(),
      description: values.description.trim(),
      instructions: values.instructions.trim(),
    };
    try {
      if (agent) {
        const saved = await updateAgent(agent, input);
        toast.success(t.updated(saved.name));
      } else {
        const saved = await createAgent(portfolioId, input);
        toast.success(t.created(saved.name));
      }
      draft.done();
      onOpenChange(false);
    } catch (error) {
      showServerError(error, setError, agent ? t.updateError : t.createError, { name: 'name' });
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={agent ? t.editTitle(agent.name) : t.createTitle}
      description={t.dialogDescription}
      submitLabel={agent ? t.save : t.create}
      submitting={isSubmitting}
      error={errors.root?.server?.message}
      onSubmit={submit}
    >
      {draft.restored ? (
        <p
          role="status"
          className="flex flex-wrap items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground"
        >
          {t.draftRestored}
          <Button type="button" size="sm" variant="ghost" onClick={draft.discard}>
            {t.discardDraft}
          </Button>
        </p>
      ) : null}
      <Field label={t.name} error={errors.name?.message}>
        {(p) => (
          <Input
            {...p}
            autoComplete="off"
            maxLength={120}
            {...register('name', { validate: (v) => v.trim().length > 0 || t.required })}
          />
        )}
      </Field>
      <Field label={t.description}>
        {(p) => <Textarea {...p} rows={2} maxLength={2000} {...register('description')} />}
      </Field>
      <Field label={t.instructions}>
        {(p) => <Textarea {...p} rows={6} maxLength={20000} {...register('instructions')} />}
      </Field>
      <div className="flex items-center gap-3">
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <Switch
              id={activeId}
              aria-labelledby={`${activeId}-label`}
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <Label id={`${activeId}-label`} htmlFor={activeId}>
          {t.active}
        </Label>
      </div>
    </FormDialog>
  );
}
