import type { ProductionItem } from '@crw/api-client';
import {
  Button,
  DiffView,
  FileDropZone,
  RichTextContent,
  RichTextSurface,
  type UploadProgress,
} from '@crw/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  LazyRichTextEditor,
  loadRichTextEditor,
  preloadRichTextEditor,
} from '../../../features/editor/lazy-rich-text-editor.tsx';
import { fetchItemHistory, signUpload } from '../../../features/production/item.ts';
import { itemMsg as m, productionMsg as t } from '../../../features/production/messages.ts';
import { toast } from '../../../features/system/store.ts';
import { useUploadSettings } from '../../../lib/upload-settings.ts';
import type { DraftAnchor } from './comments-panel.tsx';
import { MaterialFiles } from './file-blob.tsx';
import { htmlToText, humanSize, MAX_COPY_CHARACTERS, MAX_COPY_HTML, uploadWithProgress } from './material.ts';
import { QuotableCopy } from './quotable-copy.tsx';
import type { MaterialEditor } from './use-material-editor.ts';

interface Upload extends UploadProgress {
  file: File;
  abort?: () => void;
}

/**
 * The Material tab: the copy in the rich-text editor (or read-only once it may not change), a conflict with
 * someone else's newer copy side by side, and the files with uploads that show their progress and can be cancelled.
 */
export function MaterialPanel({
  item,
  editor,
  onQuote,
  reasonSaid,
}: {
  item: ProductionItem;
  editor: MaterialEditor;
  /** Words of the current version's copy chosen to comment on or to suggest a change to. */
  onQuote?: (anchor: DraftAnchor, suggest: boolean) => void;
  /** The reason the drawer already says (the status's lock): not said again here. */
  reasonSaid?: string;
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  // The current version's copy, for quotes of the copy being edited: asked for on the first selection.
  const [versionCopy, setVersionCopy] = useState<{ n: number; copy: string } | null>(null);
  const asked = versionCopy?.n === item.currentVersion;
  const askVersionCopy = () => {
    if (asked) return;
    const n = item.currentVersion;
    setVersionCopy({ n, copy: '' });
    fetchItemHistory(item._id)
      .then((h) =>
        setVersionCopy({ n, copy: h.versions.find((v) => v.number === n)?.materialData.copy ?? '' }),
      )
      .catch(() => setVersionCopy(null));
  };
  const quotable = (html: string, children: ReactNode, onSelecting?: () => void) =>
    onQuote && item.currentVersion > 0 ? (
      <QuotableCopy
        html={html}
        // A final piece takes comments, not changes.
        suggest={!item.final}
        onSelecting={onSelecting}
        onQuote={(quote, suggest) => onQuote({ versionNumber: item.currentVersion, ...quote }, suggest)}
      >
        {children}
      </QuotableCopy>
    ) : (
      children
    );
  // What the server accepts (its types and UPLOAD_MAX_BYTES); until it is known, the server alone decides.
  const limits = useUploadSettings();
  const { copy, saving, dirty, canEdit } = editor;
  // The server's reason when it withholds the change (the client is reviewing it), else the rule.
  const withheldReason =
    item.blockedActions.find((b) => b.action === 'update-material')?.reason ?? m.material.locked;
  // The copy reads first (issue 48): the editor mounts when it is clicked, focused or «Editar» is pressed, the
  // caret where the click was; at once when there is typed copy to show (a draft recovered, a conflict).
  const [activated, setActivated] = useState<{ caret: number | 'end' } | null>(null);
  const editing = activated ?? (dirty || editor.conflict ? ('later' as const) : null);
  // What is done on the read view while the editor's chunk arrives: the keys typed (and End pressed first: the
  // caret to the end), taken by the editor once it has mounted and focused (`typeAhead`), not before: keys that
  // arrive between the chunk's load and the editor's first frame are kept too.
  const pending = useRef<{ caret: number | 'end'; text: string } | null>(null);
  useEffect(() => (canEdit ? preloadRichTextEditor() : undefined), [canEdit]);
  const edit = (caret: number | 'end') => {
    if (pending.current) return;
    pending.current = { caret, text: '' };
    // The surface keeps the focus (and the keys) until the editor can mount in its place in one go.
    void loadRichTextEditor()
      .then(() => setActivated({ caret }))
      .catch((e: Error) => {
        pending.current = null;
        toast.error(e.message);
      });
  };
  const takeTyped = () => {
    const text = pending.current?.text ?? '';
    pending.current = null;
    return text;
  };
  const surface = (
    <RichTextSurface
      html={copy}
      label={m.material.copy}
      placeholder={m.material.copyHint}
      maxLength={MAX_COPY_CHARACTERS}
      onEdit={edit}
      onType={(text) => {
        const p = pending.current;
        if (!p) return;
        if (text === 'End') {
          if (!p.text) p.caret = 'end';
        } else p.text += text;
      }}
    />
  );
  const tooLong = copy.length > MAX_COPY_HTML;
  const saveMaterial = editor.save;

  const patch = (file: File, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.file === file ? { ...u, ...change } : u)));
  const upload = async (file: File) => {
    setUploads((list) => [...list.filter((u) => u.file !== file), { file, name: file.name, percent: 0 }]);
    try {
      const signed = await signUpload(item._id, file);
      const job = uploadWithProgress(signed.url, signed.headers, file, (percent) => patch(file, { percent }));
      patch(file, { abort: job.abort });
      await job.done;
      patch(file, { percent: 100 });
      const entry = { s3Key: signed.s3Key, fileName: file.name, fileType: file.type, size: file.size };
      await saveMaterial([...item.materialData.files, entry]);
      setUploads((list) => list.filter((u) => u.file !== file));
      toast.success(m.material.uploaded(file.name));
    } catch (e) {
      const aborted = (e as Error).name === 'AbortError';
      patch(file, {
        error: aborted ? m.material.cancelled : (e as Error).message || m.material.uploadError(file.name),
      });
    }
  };
  const onFiles = (files: File[]) => {
    for (const file of files) {
      if (limits && !limits.types.includes(file.type)) toast.error(m.material.badType(file.name));
      else if (limits && file.size > limits.maxBytes)
        toast.error(m.material.tooBig(file.name, humanSize(limits.maxBytes)));
      else void upload(file);
    }
  };
  return (
    <div className="space-y-5">
      {!canEdit && !item.final && withheldReason !== reasonSaid ? (
        <p className="rounded-lg bg-muted p-3 text-sm">{withheldReason}</p>
      ) : null}
      {canEdit && editor.conflict ? (
        <section
          aria-labelledby="material-conflict"
          className="space-y-3 rounded-lg border border-destructive/50 bg-destructive/5 p-3"
        >
          <h3 id="material-conflict" className="text-sm font-medium">
            {m.material.conflictTitle}
          </h3>
          <p role="alert" className="text-sm">
            {m.material.conflictHelp}
          </p>
          <DiffView
            before={htmlToText(editor.conflict.materialData.copy)}
            after={htmlToText(copy)}
            labels={{
              legendAdded: m.material.conflictOnlyMine,
              legendRemoved: m.material.conflictOnlyTheirs,
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={saving} onClick={() => void editor.keepMine()}>
              {m.material.conflictKeepMine}
            </Button>
            <Button size="sm" variant="outline" disabled={saving} onClick={editor.takeTheirs}>
              {m.material.conflictTakeTheirs}
            </Button>
            <Button size="sm" variant="ghost" disabled={saving} onClick={editor.dismissConflict}>
              {m.material.conflictKeepEditing}
            </Button>
          </div>
        </section>
      ) : null}
      {canEdit ? (
        <section aria-labelledby="material-copy" className="space-y-2">
          <h3 id="material-copy" className="text-sm font-medium">
            {m.material.copy}
          </h3>
          {/* Words being edited are offered for a comment only while the current version has them. */}
          {quotable(
            asked ? (versionCopy?.copy ?? '') : '',
            editing ? (
              <LazyRichTextEditor
                label={m.material.copy}
                value={copy}
                onChange={editor.type}
                mentions={false}
                maxLength={MAX_COPY_CHARACTERS}
                invalid={tooLong}
                placeholder={m.material.copyHint}
                focusAt={editing === 'later' ? undefined : (pending.current?.caret ?? editing.caret)}
                typeAhead={editing === 'later' ? undefined : takeTyped}
                fallback={surface}
              />
            ) : (
              surface
            ),
            askVersionCopy,
          )}
          {tooLong ? (
            <p role="alert" className="text-sm text-destructive">
              {m.material.tooLong}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button disabled={saving || !dirty || tooLong} onClick={() => void saveMaterial()}>
              {saving ? t.saving : m.material.save}
            </Button>
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {saving ? t.saving : dirty ? m.unsaved : m.saved}
            </span>
          </div>
        </section>
      ) : (
        <section aria-labelledby="material-preview" className="space-y-2">
          <h3 id="material-preview" className="text-sm font-medium">
            {m.material.copy}
          </h3>
          {/* Read-only, the copy shown is the current version's (in review, approved). */}
          {quotable(
            item.materialData.copy,
            <RichTextContent
              className="rounded-lg border border-border p-3"
              html={item.materialData.copy}
              empty={m.material.noCopy}
            />,
          )}
        </section>
      )}
      <section aria-labelledby="material-files" className="space-y-3">
        <h3 id="material-files" className="text-sm font-medium">
          {m.material.files}
        </h3>
        {item.materialData.files.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.material.noFiles}</p>
        ) : null}
        <MaterialFiles itemId={item._id} files={item.materialData.files} />
        {canEdit ? (
          <>
            <FileDropZone onFiles={onFiles} uploads={uploads} accept={limits?.types.join(',')} />
            {uploads.map((u) => (
              <div key={u.name} className="flex gap-2">
                {u.error ? (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={m.material.retry(u.name)}
                    onClick={() => void upload(u.file)}
                  >
                    {m.material.retry(u.name)}
                  </Button>
                ) : u.percent < 100 ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={m.material.cancel(u.name)}
                    onClick={() => u.abort?.()}
                  >
                    {m.material.cancel(u.name)}
                  </Button>
                ) : null}
              </div>
            ))}
          </>
        ) : null}
      </section>
    </div>
  );
}
