import type { PortfolioMember } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { RichTextContent } from '@crw/ui';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { authStore } from '../../features/auth/store.ts';
import { LazyRichTextEditor } from '../../features/editor/lazy-rich-text-editor.tsx';
import { portfoliosStore } from '../../features/portfolios/store.ts';
import { api } from '../../lib/api.ts';
import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';
import { editorMsg } from './messages.ts';

const t = editorMsg;

/**
 * /test/editor: the rich-text editor of material copy and comments with every feature, the HTML it produces
 * and its read-only rendering side by side. Nothing is saved.
 */
export default function EditorScreen() {
  const { user } = useSnapshot(authStore);
  const { active } = useSnapshot(portfoliosStore);
  const [html, setHtml] = useState<string>(t.sample);
  const [members, setMembers] = useState<PortfolioMember[] | null>(null);

  useEffect(() => {
    if (!active) return setMembers(null);
    let live = true;
    api
      .call(sdk.listPortfolioMembers({ client: api.client, path: { id: active._id } }), '')
      .then((list) => live && setMembers(list))
      .catch(() => live && setMembers(null));
    return () => {
      live = false;
    };
  }, [active]);

  const mentionables = members
    ? members.map((m) => ({ id: m._id, name: m.name }))
    : user
      ? [{ id: user._id, name: user.name }]
      : [];

  return (
    <Screen title={msg.screens.editor}>
      <p className="max-w-3xl text-sm text-muted-foreground">{t.intro}</p>
      <p className="text-sm text-muted-foreground">
        {members && active ? t.mentionsFrom(active.accountData.businessName) : t.mentionsSelf}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="sandbox-editor" className="min-w-0 space-y-2">
          <h2 id="sandbox-editor" className="text-sm font-medium">
            {t.editor}
          </h2>
          <LazyRichTextEditor label={t.editor} value={html} onChange={setHtml} mentionables={mentionables} />
        </section>
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="sandbox-rendered" className="space-y-2">
            <h2 id="sandbox-rendered" className="text-sm font-medium">
              {t.rendered}
            </h2>
            {/* The editor's output: only its schema's nodes and marks, links limited to http(s)/mailto. */}
            <RichTextContent className="rounded-md border p-3" html={html} empty={t.empty} />
          </section>
          <section aria-labelledby="sandbox-html" className="space-y-2">
            <h2 id="sandbox-html" className="text-sm font-medium">
              {t.html}
            </h2>
            <pre
              data-testid="editor-html"
              className="max-h-80 overflow-auto whitespace-pre-wrap break-all rounded-md border bg-muted p-3 font-mono text-xs"
            >
              {html}
            </pre>
          </section>
        </div>
      </div>
    </Screen>
  );
}
