import type { Tool } from '@crw/api-client';
import {
  Badge,
  Button,
  DataTable,
  type DataTableColumn,
  EmptyState,
  ErrorDetails,
  IconButton,
} from '@crw/ui';
import { PlusIcon, SendIcon, WrenchIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { adminMsg } from '../../features/admin/messages.ts';
import { adminStore, deleteTool, loadTools, testTool, updateTool } from '../../features/admin/store.ts';
import { ConfirmFor } from '../../features/common/confirm-for.tsx';
import { RowActions, SwitchCell } from '../../features/common/table-cells.tsx';
import { toast, toastOutcome } from '../../features/system/store.ts';
import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';
import { ToolDialog } from './tools/tool-dialog.tsx';

const t = adminMsg.tools;

/** /admin/tools: the tools catalogue (webhook or Notion) — create, edit, enable or disable, delete. */
export default function AdminToolsScreen() {
  const { tools } = useSnapshot(adminStore);
  const [dialog, setDialog] = useState<{ open: boolean; tool: Tool | null }>({ open: false, tool: null });
  const [deleting, setDeleting] = useState<Tool | null>(null);

  useEffect(() => {
    void loadTools();
  }, []);

  const toggle = (tool: Tool, enabled: boolean) =>
    toastOutcome(
      () => updateTool(tool._id, { enabled }),
      enabled ? t.enabledNow(tool.name) : t.disabledNow(tool.name),
      t.updateError,
    );

  const [testing, setTesting] = useState<string | null>(null);
  /** The last failed «Probar»: kept on screen until dismissed or the next test (a toast would fade). */
  const [failure, setFailure] = useState<{
    tool: Tool;
    ms: number;
    message: string;
    detail: string | null;
  } | null>(null);
  /** The last successful «Probar»: what the tool answered, kept on screen (issue 49). */
  const [answer, setAnswer] = useState<{ title: string; body: string } | null>(null);
  const probe = async (tool: Tool) => {
    setTesting(tool._id);
    setFailure(null);
    setAnswer(null);
    try {
      const r = await testTool(tool._id);
      if (r.ok) setAnswer({ title: t.testOk(tool.name, r.status, r.ms), body: r.body ?? '' });
      else setFailure({ tool, ms: r.ms, message: r.error ?? t.testNoAnswer, detail: r.errorDetail ?? null });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t.testError);
    } finally {
      setTesting(null);
    }
  };

  const remove = (tool: Tool) =>
    toastOutcome(() => deleteTool(tool._id), t.deleted(tool.name), t.deleteError);

  const columns: DataTableColumn<Tool>[] = [
    {
      key: 'name',
      header: t.columns.name,
      primary: true,
      cell: (tool) => tool.name,
    },
    {
      key: 'kind',
      header: t.columns.kind,
      cell: (tool) => (
        <Badge variant={tool.kind === 'webhook' ? 'info' : 'secondary'}>{t.kinds[tool.kind]}</Badge>
      ),
    },
    {
      key: 'target',
      header: t.columns.target,
      cell: (tool) =>
        tool.kind === 'webhook' ? (
          <span className="flex min-w-0 items-baseline gap-2">
            <span className="font-mono text-xs font-semibold">{tool.config.method}</span>
            <span className="min-w-0 font-mono text-xs break-all text-muted-foreground">
              {tool.config.url}
            </span>
          </span>
        ) : (
          <span className="text-muted-foreground">{t.notionTarget}</span>
        ),
    },
    {
      key: 'enabled',
      header: t.columns.enabled,
      cell: (tool) => (
        <SwitchCell
          label={t.enabledLabel(tool.name)}
          checked={tool.enabled}
          onCheckedChange={(on) => void toggle(tool, on)}
          onText={t.enabledOn}
          offText={t.enabledOff}
        />
      ),
    },
    {
      key: 'actions',
      header: t.columns.actions,
      align: 'right',
      cell: (tool) => (
        <RowActions
          editLabel={t.editTool(tool.name)}
          onEdit={() => setDialog({ open: true, tool })}
          deleteLabel={t.deleteTool(tool.name)}
          onDelete={() => setDeleting(tool)}
        >
          {tool.kind === 'webhook' ? (
            <IconButton
              label={t.testTool(tool.name)}
              size="icon-sm"
              disabled={testing === tool._id || !tool.enabled}
              onClick={() => void probe(tool)}
            >
              <SendIcon aria-hidden="true" />
            </IconButton>
          ) : null}
        </RowActions>
      ),
    },
  ];

  return (
    <Screen
      title={msg.screens.adminTools}
      actions={
        <Button onClick={() => setDialog({ open: true, tool: null })}>
          <PlusIcon aria-hidden="true" />
          {t.new}
        </Button>
      }
    >
      {answer ? (
        <section
          role="status"
          aria-label={answer.title}
          className="mb-4 space-y-2 rounded-lg border border-border p-4"
        >
          <div className="flex items-start justify-between gap-2">
            <p className="text-sm font-medium">{answer.title}</p>
            <Button size="sm" variant="ghost" aria-label={t.testDismiss} onClick={() => setAnswer(null)}>
              <XIcon aria-hidden="true" />
              {adminMsg.close}
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">{t.testAnswer}</p>
          <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-muted p-2 text-xs">
            {answer.body || t.testEmptyAnswer}
          </pre>
        </section>
      ) : null}
      {failure ? (
        <ErrorDetails
          role="alert"
          className="mb-4"
          data-tool-test-failure
          title={t.testFailedTitle(failure.tool.name, failure.ms)}
          message={failure.message}
          detail={failure.detail}
        >
          <div className="flex flex-wrap gap-2 pt-1">
            <Button
              size="sm"
              variant="outline"
              disabled={testing !== null}
              onClick={() => void probe(failure.tool)}
            >
              <SendIcon aria-hidden="true" />
              {t.testAgain}
            </Button>
            <Button size="sm" variant="ghost" aria-label={t.testDismiss} onClick={() => setFailure(null)}>
              <XIcon aria-hidden="true" />
              {adminMsg.close}
            </Button>
          </div>
        </ErrorDetails>
      ) : null}
      <DataTable
        caption={t.caption}
        columns={columns}
        rows={tools.items as Tool[]}
        getRowId={(tool) => tool._id}
        getRowLabel={(tool) => tool.name}
        onRowOpen={(id) => {
          const tool = adminStore.tools.items.find((x) => x._id === id);
          if (tool) setDialog({ open: true, tool });
        }}
        loading={tools.loading}
        error={tools.error}
        onRetry={() => void loadTools()}
        empty={
          <EmptyState
            className="border-0"
            icon={<WrenchIcon />}
            title={t.empty}
            description={t.emptyDescription}
          />
        }
      />
      <ToolDialog
        open={dialog.open}
        tool={dialog.tool}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
      <ConfirmFor
        target={deleting}
        onClose={() => setDeleting(null)}
        title={(tool) => t.confirmDelete(tool.name)}
        description={t.confirmDeleteDescription}
        confirmLabel={adminMsg.delete}
        onConfirm={(tool) => void remove(tool)}
      />
    </Screen>
  );
}
