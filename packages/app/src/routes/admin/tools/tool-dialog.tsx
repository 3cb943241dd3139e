import type { Tool } from '@crw/api-client';
import { Field, Input, Select, Textarea } from '@crw/ui';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '../../../features/admin/form-dialog.tsx';
import { showServerError } from '../../../features/admin/form-errors.ts';
import { adminMsg } from '../../../features/admin/messages.ts';
import { createTool, type ToolInput, updateTool } from '../../../features/admin/store.ts';
import { notBlank, RequiredTextField, SwitchField } from '../../../features/common/form-fields.tsx';
import { toast } from '../../../features/system/store.ts';

const t = adminMsg.tools;
const METHODS = ['POST', 'GET', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

interface ToolForm {
  name: string;
  description: string;
  kind: Tool['kind'];
  url: string;
  method: Method;
  enabled: boolean;
}

const toForm = (tool: Tool | null): ToolForm => ({
  name: tool?.name ?? '',
  description: tool?.description ?? '',
  kind: tool?.kind ?? 'webhook',
  url: tool?.config.url ?? '',
  method: tool?.config.method ?? 'POST',
  enabled: tool?.enabled ?? true,
});

const toInput = (v: ToolForm): ToolInput => ({
  name: v.name.trim(),
  description: v.description.trim(),
  kind: v.kind,
  config: v.kind === 'webhook' ? { url: v.url.trim(), method: v.method } : {},
  enabled: v.enabled,
});

/** Create (tool = null) or edit a tool of the catalogue. */
export function ToolDialog({
  open,
  tool,
  onOpenChange,
}: {
  open: boolean;
  tool: Tool | null;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<ToolForm>({ defaultValues: toForm(tool) });
  const { register, control, handleSubmit, watch, reset, setError, formState } = form;
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (open) reset(toForm(tool));
  }, [open, tool, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      if (tool) {
        const saved = await updateTool(tool._id, toInput(values));
        toast.success(t.updated(saved.name));
      } else {
        const saved = await createTool(toInput(values));
        toast.success(t.created(saved.name));
      }
      onOpenChange(false);
    } catch (error) {
      showServerError(error, setError, tool ? t.updateError : t.createError, {
        name: 'name',
        'config.url': 'url',
        'config.method': 'method',
      });
    }
  });

  const kind = watch('kind');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={tool ? t.editTitle(tool.name) : t.createTitle}
      description={t.dialogDescription}
      submitLabel={tool ? adminMsg.save : t.create}
      submitting={isSubmitting}
      error={errors.root?.server?.message}
      onSubmit={submit}
    >
      <RequiredTextField
        label={t.name}
        error={errors.name?.message}
        maxLength={120}
        registration={register('name', { validate: notBlank(t.required) })}
      />
      <Field label={t.description}>
        {(p) => <Textarea {...p} rows={2} maxLength={2000} {...register('description')} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.kind}>
          {(p) => (
            <Controller
              control={control}
              name="kind"
              render={({ field }) => (
                <Select
                  {...p}
                  value={field.value}
                  onValueChange={(v) => field.onChange(v as Tool['kind'])}
                  options={(['webhook', 'notion'] as const).map((k) => ({ value: k, label: t.kinds[k] }))}
                />
              )}
            />
          )}
        </Field>
        {kind === 'webhook' ? (
          <Field label={t.method} error={errors.method?.message}>
            {(p) => (
              <Controller
                control={control}
                name="method"
                render={({ field }) => (
                  <Select
                    {...p}
                    value={field.value}
                    onValueChange={(v) => field.onChange(v as Method)}
                    options={METHODS.map((m) => ({ value: m, label: m }))}
                  />
                )}
              />
            )}
          </Field>
        ) : null}
      </div>
      {kind === 'webhook' ? (
        <Field label={t.url} hint={t.urlHint} error={errors.url?.message}>
          {(p) => (
            <Input
              {...p}
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              maxLength={2000}
              {...register('url', {
                shouldUnregister: true,
                validate: (v) => /^https?:\/\/\S+$/.test(v.trim()) || t.invalidUrl,
              })}
            />
          )}
        </Field>
      ) : null}
      {tool?.kind === 'webhook' && kind === 'webhook' ? (
        <Field label={t.secret} hint={t.secretHint}>
          {(p) => <Input {...p} readOnly value={tool.secret} className="font-mono text-xs" />}
        </Field>
      ) : null}
      <SwitchField control={control} name="enabled" label={t.enabled} />
    </FormDialog>
  );
}
