import type { Role } from '@crw/api-client';
import { Badge, Button, Card, Checkbox, Field, Input, Label, Textarea } from '@crw/ui';
import { SendIcon, XIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { loadPortfolios, portfoliosStore } from '../../features/portfolios/store.ts';
import { toast } from '../../features/system/store.ts';
import { api, sdk } from '../../lib/api.ts';
import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';

const t = {
  title: 'Título',
  content: 'Mensaje',
  link: 'Enlace (opcional)',
  linkHint: 'Una ruta de la aplicación, por ejemplo /settings',
  audience: 'Destinatarios',
  audienceHint: 'Los criterios se combinan: sin ninguno, la recibe todo el mundo.',
  roles: 'Roles',
  portfolios: 'Portafolios',
  users: 'Personas concretas',
  searchUsers: 'Buscar personas por nombre o correo',
  removeUser: (name: string) => `Quitar a ${name}`,
  reach: (n: number) => (n === 1 ? 'Llegará a 1 persona' : `Llegará a ${n} personas`),
  counting: 'Calculando destinatarios…',
  send: 'Enviar notificación',
  sending: 'Enviando…',
  sent: (n: number) =>
    n === 1 ? 'Notificación enviada a 1 persona' : `Notificación enviada a ${n} personas`,
  error: 'Error al enviar la notificación',
  previewError: 'No se pudo calcular el número de destinatarios',
  roleNames: { admin: 'Administradores', employee: 'Empleados', client: 'Clientes' } as Record<Role, string>,
};

interface Person {
  _id: string;
  name: string;
  email: string;
}

/** /admin/notify: broadcast with audience criteria, a live count of who it reaches, and the result after. */
export default function AdminNotifyScreen() {
  const { portfolios } = useSnapshot(portfoliosStore);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [url, setUrl] = useState('');
  const [roles, setRoles] = useState<Role[]>([]);
  const [portfolioIds, setPortfolioIds] = useState<string[]>([]);
  const [people, setPeople] = useState<Person[]>([]);
  const [query, setQuery] = useState('');
  const [matches, setMatches] = useState<Person[]>([]);
  const [reach, setReach] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const searchId = useId();

  useEffect(() => {
    if (!portfoliosStore.loaded) void loadPortfolios().catch(() => undefined);
  }, []);

  const criteria = useMemo(
    () => ({
      ...(roles.length ? { roles } : {}),
      ...(portfolioIds.length ? { portfolioIds } : {}),
      ...(people.length ? { userIds: people.map((p) => p._id) } : {}),
    }),
    [roles, portfolioIds, people],
  );

  // Live audience count, debounced.
  useEffect(() => {
    setReach(null);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .call(
          sdk.previewBroadcast({ client: api.client, body: { criteria }, signal: controller.signal }),
          t.previewError,
        )
        .then((r) => setReach(r.count))
        .catch(() => undefined);
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [criteria]);

  useEffect(() => {
    if (query.trim().length < 2) {
      setMatches([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .call(
          sdk.searchUsers({ client: api.client, query: { query }, signal: controller.signal }),
          'Error al buscar usuarios',
        )
        .then(setMatches)
        .catch(() => undefined);
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const toggle = <T,>(list: T[], value: T) =>
    list.includes(value) ? list.filter((x) => x !== value) : [...list, value];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const res = await api.call(
        sdk.broadcastNotification({
          client: api.client,
          body: {
            title: title.trim(),
            content: content.trim(),
            ...(url.trim() ? { url: url.trim() } : {}),
            criteria,
          },
        }),
        t.error,
      );
      setResult(t.sent(res.count));
      toast.success(t.sent(res.count));
      setTitle('');
      setContent('');
      setUrl('');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t.error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Screen title={msg.screens.adminNotify}>
      <form onSubmit={submit} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <Card className="space-y-4 p-5">
          <Field label={t.title}>
            {(p) => (
              <Input
                {...p}
                required
                maxLength={120}
                value={title}
                disabled={busy}
                onChange={(e) => setTitle(e.target.value)}
              />
            )}
          </Field>
          <Field label={t.content}>
            {(p) => (
              <Textarea
                {...p}
                required
                maxLength={1000}
                rows={4}
                value={content}
                disabled={busy}
                onChange={(e) => setContent(e.target.value)}
              />
            )}
          </Field>
          <Field label={t.link} hint={t.linkHint}>
            {(p) => (
              <Input
                {...p}
                pattern="/.*"
                placeholder="/settings"
                value={url}
                disabled={busy}
                onChange={(e) => setUrl(e.target.value)}
              />
            )}
          </Field>
        </Card>
        <Card className="space-y-5 p-5">
          <div>
            <h2 className="font-semibold">{t.audience}</h2>
            <p className="text-sm text-muted-foreground">{t.audienceHint}</p>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t.roles}</legend>
            {(['admin', 'employee', 'client'] as const).map((role) => (
              <Label key={role} className="flex items-center gap-2 font-normal">
                <Checkbox
                  checked={roles.includes(role)}
                  onCheckedChange={() => setRoles((r) => toggle(r, role))}
                />
                {t.roleNames[role]}
              </Label>
            ))}
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t.portfolios}</legend>
            <div className="max-h-40 space-y-2 overflow-y-auto">
              {portfolios.map((p) => (
                <Label key={p._id} className="flex items-center gap-2 font-normal">
                  <Checkbox
                    checked={portfolioIds.includes(p._id)}
                    onCheckedChange={() => setPortfolioIds((ids) => toggle(ids, p._id))}
                  />
                  {p.accountData.businessName}
                </Label>
              ))}
            </div>
          </fieldset>
          <div className="space-y-2">
            <label htmlFor={searchId} className="text-sm font-medium">
              {t.users}
            </label>
            <Input
              id={searchId}
              type="search"
              placeholder={t.searchUsers}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
            {matches.length > 0 ? (
              <ul className="max-h-40 overflow-y-auto rounded-md border border-border" aria-label={t.users}>
                {matches
                  .filter((m) => !people.some((p) => p._id === m._id))
                  .map((m) => (
                    <li key={m._id}>
                      <button
                        type="button"
                        className="w-full px-3 py-2 text-left text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none"
                        onClick={() => {
                          setPeople((list) => [...list, m]);
                          setQuery('');
                        }}
                      >
                        {m.name} <span className="text-muted-foreground">· {m.email}</span>
                      </button>
                    </li>
                  ))}
              </ul>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {people.map((p) => (
                <Badge key={p._id} variant="secondary" className="gap-1 pr-1">
                  {p.name}
                  <button
                    type="button"
                    aria-label={t.removeUser(p.name)}
                    className="rounded-full p-0.5 hover:bg-foreground/10"
                    onClick={() => setPeople((list) => list.filter((x) => x._id !== p._id))}
                  >
                    <XIcon className="size-3" aria-hidden="true" />
                  </button>
                </Badge>
              ))}
            </div>
          </div>
          <p role="status" aria-live="polite" className="text-sm font-medium" data-testid="broadcast-reach">
            {reach === null ? t.counting : t.reach(reach)}
          </p>
          <Button type="submit" className="w-full" disabled={busy || !title.trim() || !content.trim()}>
            <SendIcon aria-hidden="true" />
            {busy ? t.sending : t.send}
          </Button>
          {result ? (
            <p role="status" className="text-sm text-success">
              {result}
            </p>
          ) : null}
        </Card>
      </form>
    </Screen>
  );
}
