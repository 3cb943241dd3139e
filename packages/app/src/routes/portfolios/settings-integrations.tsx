import { Button, Card, ConfirmDialog, EmptyState, Field, Input } from '@crw/ui';
import { ExternalLinkIcon, FileTextIcon, TriangleAlertIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSnapshot } from 'valtio';
import { LoadingRows } from '../../features/common/loading-rows.tsx';
import { notionPageUrl, parseNotionPage } from '../../features/portfolio-settings/identifiers.ts';
import { portfolioSettingsMsg as t } from '../../features/portfolio-settings/messages.ts';
import { NotionSyncPanel } from '../../features/portfolio-settings/notion-sync-panel.tsx';
import {
  addNotionIntegration,
  type Integration,
  integrationsStore,
  loadIntegrations,
  removeIntegration,
} from '../../features/portfolio-settings/store.ts';
import { portfoliosStore } from '../../features/portfolios/store.ts';
import { toast } from '../../features/system/store.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { msg } from '../../messages.ts';

/** Settings › Integraciones: the portfolio's Notion pages; add one by link or id, remove with a confirm. */
export default function SettingsIntegrations() {
  const { active } = useSnapshot(portfoliosStore);
  if (!active) {
    return <EmptyState icon={<TriangleAlertIcon />} title={msg.portfolios.noActive} />;
  }
  return <NotionIntegrations key={active._id} portfolioId={active._id} />;
}

function NotionIntegrations({ portfolioId }: { portfolioId: string }) {
  const snap = useSnapshot(integrationsStore);
  const reload = useCallback(() => void loadIntegrations(portfolioId), [portfolioId]);
  useEffect(reload, [reload]);
  const [removing, setRemoving] = useState<Integration | null>(null);

  const mine = snap.portfolioId === portfolioId;
  const items = mine ? (snap.items as Integration[]) : [];

  let list: React.ReactNode;
  if (mine && snap.error && items.length === 0) {
    list = (
      <div role="alert" className="space-y-3 rounded-xl border border-destructive/40 p-5 text-sm">
        <p>{snap.error}</p>
        <Button variant="outline" onClick={reload}>
          {t.integrations.retry}
        </Button>
      </div>
    );
  } else if (!mine || (snap.loading && items.length === 0)) {
    list = <LoadingRows rowClassName="h-16 w-full" />;
  } else if (items.length === 0) {
    list = (
      <EmptyState
        icon={<FileTextIcon />}
        title={t.integrations.empty}
        description={t.integrations.emptyDescription}
      />
    );
  } else {
    list = (
      <ul aria-label={t.integrations.list} className="divide-y divide-border rounded-xl border border-border">
        {items.map((integration) => (
          <li
            key={integration._id}
            className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0 space-y-1">
              <p className="text-xs font-medium text-muted-foreground">{t.integrations.pageId}</p>
              <p className="break-all font-mono text-sm">{integration.paginaNotionId}</p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={integration.createdAt}>
                  {t.integrations.addedOn(formatDateTime(integration.createdAt))}
                </time>
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <Button variant="outline" size="sm" asChild>
                <a href={notionPageUrl(integration.paginaNotionId)} target="_blank" rel="noopener noreferrer">
                  <ExternalLinkIcon aria-hidden="true" />
                  {t.integrations.open}
                </a>
              </Button>
              <Button
                variant="outline"
                size="sm"
                aria-label={t.integrations.remove(integration.paginaNotionId)}
                onClick={() => setRemoving(integration)}
              >
                {t.integrations.removeShort}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="max-w-3xl space-y-6">
      <h2 className="sr-only">{msg.screens.settingsIntegrations}</h2>
      <Card className="space-y-4 p-5">
        <div className="space-y-1">
          <h3 className="text-base font-semibold">{t.integrations.notionTitle}</h3>
          <p className="text-sm text-muted-foreground">{t.integrations.notionDescription}</p>
        </div>
        <AddNotionForm portfolioId={portfolioId} existing={items} />
      </Card>
      {list}
      <NotionSyncPanel portfolioId={portfolioId} pages={mine ? items.length : 0} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t.integrations.confirmTitle}
        description={removing ? t.integrations.confirmDescription(removing.paginaNotionId) : undefined}
        confirmLabel={t.integrations.removeShort}
        onConfirm={() => {
          const target = removing;
          if (!target) return;
          removeIntegration(portfolioId, target).then(
            () => toast.success(t.integrations.removed),
            (error: unknown) =>
              toast.error(error instanceof Error ? error.message : msg.portfolios.removeIntegration),
          );
        }}
      />
    </div>
  );
}

function AddNotionForm({ portfolioId, existing }: { portfolioId: string; existing: Integration[] }) {
  const { register, handleSubmit, reset, formState } = useForm<{ page: string }>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { page: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ page }) => {
    const parsed = parseNotionPage(page);
    if (!parsed.ok) return;
    try {
      await addNotionIntegration(portfolioId, parsed.id);
      reset();
      toast.success(t.integrations.added);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : msg.portfolios.createNotion);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field
        label={t.integrations.page}
        hint={t.integrations.pageHint}
        error={errors.page?.message}
        className="min-w-0 flex-1"
      >
        {(p) => (
          <Input
            {...p}
            {...register('page', {
              validate: (value) => {
                const parsed = parseNotionPage(value);
                if (!parsed.ok) return t.integrations.invalid[parsed.reason];
                if (existing.some((i) => i.paginaNotionId.replace(/-/g, '').toLowerCase() === parsed.id)) {
                  return t.integrations.duplicate;
                }
                return true;
              },
            })}
            disabled={isSubmitting}
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="https://www.notion.so/…"
          />
        )}
      </Field>
      <Button type="submit" disabled={isSubmitting} className="sm:mt-6">
        {isSubmitting ? t.integrations.adding : t.integrations.add}
      </Button>
    </form>
  );
}
