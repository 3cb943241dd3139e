import type { Agent } from '@crw/api-client';
import { Field, Textarea } from '@crw/ui';
import { useForm } from 'react-hook-form';
import { useSnapshot } from 'valtio';
import { FormDialog } from '../../../features/admin/form-dialog.tsx';
import { showServerError } from '../../../features/admin/form-errors.ts';
import { agentsMsg as t } from '../../../features/agents/messages.ts';
import { type AgentInput, createAgent, updateAgent } from '../../../features/agents/store.ts';
import { authStore } from '../../../features/auth/store.ts';
import {
  FormNotice,
  notBlank,
  RequiredTextField,
  SwitchField,
} from '../../../features/common/form-fields.tsx';
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
        <FormNotice actionLabel={t.discardDraft} onAction={draft.discard}>
          {t.draftRestored}
        </FormNotice>
      ) : null}
      <RequiredTextField
        label={t.name}
        error={errors.name?.message}
        maxLength={120}
        registration={register('name', { validate: notBlank(t.required) })}
      />
      <Field label={t.description}>
        {(p) => <Textarea {...p} rows={2} maxLength={2000} {...register('description')} />}
      </Field>
      <Field label={t.instructions}>
        {(p) => <Textarea {...p} rows={6} maxLength={20000} {...register('instructions')} />}
      </Field>
      <SwitchField control={control} name="active" label={t.active} />
    </FormDialog>
  );
}
