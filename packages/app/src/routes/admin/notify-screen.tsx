import type { Role, SearchUsersResponse } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { Button, Card, Combobox, Field, Input, Textarea, useDebouncedValue } from '@crw/ui';
import { SendIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useSnapshot } from 'valtio';
import { CheckboxGroupField } from '../../features/common/form-fields.tsx';
import { loadPortfolios, portfoliosStore } from '../../features/portfolios/store.ts';
import { toast } from '../../features/system/store.ts';
import { api } from '../../lib/api.ts';
import { roles as allRoles } from '../../lib/enums.ts';
import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';
import { MailQueuePanel } from './mail-queue.tsx';

const t = {
  title: 'Título',
  content: 'Mensaje',
  link: 'Enlace (opcional)',
  linkHint: 'Una ruta de la aplicación, por ejemplo /settings',
  linkInvalid: 'Debe empezar por /',
  audience: 'Destinatarios',
  audienceHint: 'Los criterios se combinan: sin ninguno, la recibe todo el mundo.',
  roles: 'Roles',
  portfolios: 'Portafolios',
  users: 'Personas concretas',
  searchUsers: 'Buscar personas por nombre o correo',
  noUsers: 'Nadie coincide',
  reach: (n: number) => (n === 1 ? 'Llegará a 1 persona' : `Llegará a ${n} personas`),
  counting: 'Calculando destinatarios…',
  send: 'Enviar notificación',
  sending: 'Enviando…',
  sent: (n: number) =>
    n === 1 ? 'Notificación enviada a 1 persona' : `Notificación enviada a ${n} personas`,
  error: 'Error al enviar la notificación',
  previewError: 'No se pudo calcular el número de destinatarios',
  searchError: 'Error al buscar usuarios',
  roleNames: { admin: 'Administradores', employee: 'Empleados', client: 'Clientes' } satisfies Record<
    Role,
    string
  >,
};

interface BroadcastForm {
  title: string;
  content: string;
  url: string;
  roles: Role[];
  portfolioIds: string[];
  userIds: string[];
}

const empty: BroadcastForm = { title: '', content: '', url: '', roles: [], portfolioIds: [], userIds: [] };

const criteriaOf = ({
  roles,
  portfolioIds,
  userIds,
}: Pick<BroadcastForm, 'roles' | 'portfolioIds' | 'userIds'>) => ({
  ...(roles.length ? { roles } : {}),
  ...(portfolioIds.length ? { portfolioIds } : {}),
  ...(userIds.length ? { userIds } : {}),
});

/** /admin/notify: broadcast with audience criteria, a live count of who it reaches, and the result after. */
export default function AdminNotifyScreen() {
  const { portfolios } = useSnapshot(portfoliosStore);
  const { register, control, handleSubmit, reset, getValues, formState } = useForm<BroadcastForm>({
    defaultValues: empty,
  });
  const { errors, isSubmitting } = formState;
  const [title, content, roles, portfolioIds, userIds] = useWatch({
    control,
    name: ['title', 'content', 'roles', 'portfolioIds', 'userIds'],
  });
  const [result, setResult] = useState<string | null>(null);

  useEffect(() => {
    if (!portfoliosStore.loaded) void loadPortfolios().catch(() => undefined);
  }, []);

  // Live audience count, once the criteria stop changing; an older answer never overwrites a newer one.
  const criteriaKey = JSON.stringify(criteriaOf({ roles, portfolioIds, userIds }));
  const settledKey = useDebouncedValue(criteriaKey, 250);
  const [reach, setReach] = useState<{ key: string; count: number } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .call(
        sdk.previewBroadcast({
          client: api.client,
          body: { criteria: JSON.parse(settledKey) },
          signal: controller.signal,
        }),
        t.previewError,
      )
      .then((r) => setReach({ key: settledKey, count: r.count }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [settledKey]);

  // People: a remote search, debounced; labels of chosen people are remembered by the Combobox.
  const [query, setQuery] = useState('');
  const settledQuery = useDebouncedValue(query.trim(), 250);
  const [matches, setMatches] = useState<SearchUsersResponse>([]);
  useEffect(() => {
    if (settledQuery.length < 2) {
      setMatches([]);
      return;
    }
    const controller = new AbortController();
    api
      .call(
        sdk.searchUsers({ client: api.client, query: { query: settledQuery }, signal: controller.signal }),
        t.searchError,
      )
      .then(setMatches)
      .catch(() => undefined);
    return () => controller.abort();
  }, [settledQuery]);

  const submit = handleSubmit(async (values) => {
    setResult(null);
    try {
      const res = await api.call(
        sdk.broadcastNotification({
          client: api.client,
          body: {
            title: values.title.trim(),
            content: values.content.trim(),
            ...(values.url.trim() ? { url: values.url.trim() } : {}),
            criteria: criteriaOf(values),
          },
        }),
        t.error,
      );
      setResult(t.sent(res.count));
      toast.success(t.sent(res.count));
      // The audience stays for the next message.
      reset({ ...getValues(), title: '', content: '', url: '' });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t.error);
    }
  });

  return (
    <Screen title={msg.screens.adminNotify}>
      <form onSubmit={submit} noValidate>
        <fieldset
          disabled={isSubmitting}
          className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]"
        >
          <Card className="space-y-4 p-5">
            <Field label={t.title} error={errors.title?.message}>
              {(p) => (
                <Input
                  {...p}
                  required
                  maxLength={120}
                  {...register('title', { validate: (v) => !!v.trim() })}
                />
              )}
            </Field>
            <Field label={t.content} error={errors.content?.message}>
              {(p) => (
                <Textarea
                  {...p}
                  required
                  maxLength={1000}
                  rows={4}
                  {...register('content', { validate: (v) => !!v.trim() })}
                />
              )}
            </Field>
            <Field label={t.link} hint={t.linkHint} error={errors.url?.message}>
              {(p) => (
                <Input
                  {...p}
                  placeholder="/settings"
                  {...register('url', {
                    validate: (v) => !v.trim() || v.trim().startsWith('/') || t.linkInvalid,
                  })}
                />
              )}
            </Field>
          </Card>
          <Card className="space-y-5 p-5">
            <div>
              <h2 className="font-semibold">{t.audience}</h2>
              <p className="text-sm text-muted-foreground">{t.audienceHint}</p>
            </div>
            <CheckboxGroupField
              control={control}
              name="roles"
              legend={t.roles}
              options={allRoles.map((r) => ({
                value: r,
                label: t.roleNames[r],
              }))}
            />
            <CheckboxGroupField
              control={control}
              name="portfolioIds"
              legend={t.portfolios}
              className="max-h-48 overflow-y-auto"
              options={portfolios.map((p) => ({ value: p._id, label: p.accountData.businessName }))}
            />
            <Field label={t.users}>
              {(p) => (
                <Controller
                  control={control}
                  name="userIds"
                  render={({ field }) => (
                    <Combobox
                      {...p}
                      multiple
                      filter={false}
                      placeholder={t.searchUsers}
                      emptyText={settledQuery.length < 2 ? t.searchUsers : t.noUsers}
                      options={matches.map((m) => ({ value: m._id, label: m.name, description: m.email }))}
                      onSearchChange={setQuery}
                      value={field.value}
                      onValueChange={field.onChange}
                    />
                  )}
                />
              )}
            </Field>
            <p role="status" aria-live="polite" className="text-sm font-medium" data-testid="broadcast-reach">
              {reach && reach.key === criteriaKey ? t.reach(reach.count) : t.counting}
            </p>
            <Button type="submit" className="w-full" disabled={!title.trim() || !content.trim()}>
              <SendIcon aria-hidden="true" />
              {isSubmitting ? t.sending : t.send}
            </Button>
            {result ? (
              <p role="status" className="text-sm text-success">
                {result}
              </p>
            ) : null}
          </Card>
        </fieldset>
      </form>
      <MailQueuePanel />
    </Screen>
  );
}
