import type { Comment, MaterialVersionHistory, ProductionItem } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { ActionBar, Button, EmptyState, RichTextContent, Select, Skeleton } from '@crw/ui';
import { ArrowLeftIcon } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { onProductionChanged } from '../../../features/notifications/realtime.ts';
import { fetchItem } from '../../../features/production/item.ts';
import { itemMsg } from '../../../features/production/messages.ts';
import { StatusBadge } from '../../../features/production/status-badge.tsx';
import { reviewMsg as t } from '../../../features/review/messages.ts';
import { api } from '../../../lib/api.ts';
import { CommentsPanel, type DraftAnchor } from '../production/comments-panel.tsx';
import { copyHighlights } from '../production/copy-highlights.ts';
import { MaterialFiles } from '../production/file-blob.tsx';
import { FollowButton } from '../production/follow-button.tsx';
import { HistoryPanel } from '../production/history-panel.tsx';
import { isPinnable, PinnedFile } from '../production/pinned-file.tsx';
import { isPin, pinNumbers, pinsOn } from '../production/pins.ts';
import { QuotableCopy } from '../production/quotable-copy.tsx';
import { type Action, allowedActions, decisions, ReviewActions } from '../production/review-actions.tsx';
import { VersionCompare } from '../production/versions-panel.tsx';

/**
 * One item under review: the material of the version chosen (a client sees only versions sent to it), the
 * comparison with the version before, the decision, the comments and the history.
 */
export function ReviewItem({
  itemId,
  portfolioId,
  client,
  canOpenPlan,
  requested,
  onDecided,
  onBack,
  onGone,
}: {
  itemId: string;
  portfolioId: string;
  client: boolean;
  canOpenPlan: boolean;
  requested: { action: Action; n: number } | null;
  onDecided: (item: ProductionItem) => void;
  onBack: () => void;
  /** The piece is no longer the viewer's to see (a client's piece withdrawn by the team): not an error. */
  onGone: () => void;
}) {
  const [item, setItem] = useState<ProductionItem | null>(null);
  const [history, setHistory] = useState<MaterialVersionHistory | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [comparing, setComparing] = useState(false);
  const [comments, setComments] = useState<Comment[]>([]);
  const [draft, setDraft] = useState<DraftAnchor | null>(null);
  // Each pin placed brings its comment box into view, focused (moving it with the arrows does not).
  const [placed, setPlaced] = useState(0);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const onGoneRef = useRef(onGone);
  onGoneRef.current = onGone;
  const [suggesting, setSuggesting] = useState(false);

  const load = useCallback(async () => {
    try {
      const [next, versions] = await Promise.all([
        fetchItem(itemId),
        api.call(
          sdk.getMaterialVersionHistory({ client: api.client, path: { id: itemId } }),
          itemMsg.loadError,
        ),
      ]);
      setItem(next);
      setHistory(versions);
      setError(null);
    } catch (e) {
      if ((e as { status?: number }).status === 404) return onGoneRef.current();
      setError((e as Error).message);
    }
  }, [itemId]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => onProductionChanged((e) => e.itemId === itemId && void load()), [itemId, load]);
  // «Ver cita»: its words into view once they are drawn, in the commit that draws them (with the version they are
  // on). A frame later was a race: under load the frame could come before React's render.
  const quoteToShow = useRef<string | null>(null);
  useLayoutEffect(() => {
    const id = quoteToShow.current;
    if (!id || id !== highlighted) return;
    const mark = document.querySelector(`mark[data-highlight="${CSS.escape(id)}"]`);
    if (!mark) return;
    quoteToShow.current = null;
    mark.scrollIntoView({ block: 'center' });
  });

  if (error)
    return (
      <EmptyState
        title={itemMsg.loadError}
        description={error}
        action={<Button onClick={() => void load()}>{t.retry}</Button>}
      />
    );
  if (!item || !history)
    return (
      <div aria-busy="true" className="space-y-3">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-64" />
      </div>
    );

  const versions = history.versions; // newest first
  const current = versions.find((v) => v.number === (shown ?? versions[0]?.number)) ?? versions[0];
  const previous = current ? versions.find((v) => v.number < current.number) : undefined;
  const material = current?.materialData ?? item.materialData;
  // Pins belong to a version's file: only a real version (not the working copy) can carry them.
  const pinnable = current ? material.files.filter(isPinnable) : [];
  const others = material.files.filter((f) => !pinnable.includes(f));
  // Every pin of the item keeps one number, shown beside its comment when its version is one the reader has;
  // choosing a pin of another version shows that version.
  const numbers = pinNumbers(comments);
  // A pin's version (a quote is highlighted on the version shown: choosing it changes no version).
  const versionOf = (id: string | null) => {
    const anchor = comments.find((c) => c._id === id)?.anchor;
    return isPin(anchor) ? anchor.versionNumber : undefined;
  };
  const shownNumbers = new Map(
    [...numbers].filter(([id]) => versions.some((v) => v.number === versionOf(id))),
  );
  const highlight = (id: string | null) => {
    const version = versionOf(id);
    if (version !== undefined && version !== current?.number) {
      setShown(version);
      setComparing(false);
      setDraft(null);
    }
    setHighlighted(id);
  };

  return (
    <article aria-labelledby="review-item-title" className="space-y-5 pb-24 lg:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="sm" className="lg:hidden" onClick={onBack}>
          <ArrowLeftIcon aria-hidden="true" />
          {t.back}
        </Button>
        {canOpenPlan ? (
          <Button variant="outline" size="sm" className="ml-auto" asChild>
            <Link to={`/portfolios/${portfolioId}/production?item=${item._id}`}>{t.openInPlan}</Link>
          </Button>
        ) : null}
      </div>
      <header className="space-y-2">
        <h2 id="review-item-title" className="text-xl font-semibold">
          {item.title}
        </h2>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <StatusBadge status={item.status} />
          {item.format ? <span>{item.format}</span> : null}
          <FollowButton itemId={item._id} />
        </div>
        {item.description ? <p className="text-sm">{item.description}</p> : null}
      </header>

      {versions.length > 0 ? (
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-56 max-w-full">
            <Select
              aria-label={t.versionPicker}
              options={versions.map((v) => ({ value: String(v.number), label: t.version(v.number) }))}
              value={String(current?.number)}
              onValueChange={(v) => {
                setShown(Number(v));
                setComparing(false);
              }}
            />
          </div>
          {previous ? (
            <Button variant="outline" onClick={() => setComparing((c) => !c)} aria-expanded={comparing}>
              {comparing ? t.hideCompare : t.compare}
            </Button>
          ) : null}
        </div>
      ) : null}

      {comparing && current && previous ? (
        <VersionCompare itemId={item._id} older={previous} newer={current} comments={comments} />
      ) : (
        <>
          <section aria-labelledby="review-copy" className="space-y-2">
            <h3 id="review-copy" className="text-sm font-medium">
              {t.copy}
            </h3>
            {/* The copy is the content to publish: a mention left in it reads as plain text to the client. */}
            {current ? (
              <QuotableCopy
                html={material.copy}
                onQuote={(quote, suggest) => {
                  setDraft({ versionNumber: current.number, ...quote });
                  setSuggesting(suggest);
                  setPlaced((n) => n + 1);
                }}
              >
                <RichTextContent
                  className="rounded-lg border border-border p-3"
                  html={material.copy}
                  empty={t.noCopy}
                  mentions={client ? 'plain' : 'chip'}
                  highlights={copyHighlights(comments, material.copy, {
                    number: current.number,
                    current: current.number === item.currentVersion,
                  })}
                  activeHighlight={highlighted}
                  onHighlight={(id) => highlight(highlighted === id ? null : id)}
                />
              </QuotableCopy>
            ) : (
              <RichTextContent
                className="rounded-lg border border-border p-3"
                html={material.copy}
                empty={t.noCopy}
                mentions={client ? 'plain' : 'chip'}
              />
            )}
          </section>
          <section aria-labelledby="review-files" className="space-y-2">
            <h3 id="review-files" className="text-sm font-medium">
              {t.files}
            </h3>
            {material.files.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t.noFiles}</p>
            ) : null}
            {pinnable.length > 0 ? <p className="text-xs text-muted-foreground">{t.pinHint}</p> : null}
            {pinnable.map((f) => (
              <PinnedFile
                key={f.s3Key}
                itemId={item._id}
                file={f}
                pins={pinsOn(comments, numbers, current!.number, f.s3Key)}
                draft={isPin(draft) && draft.fileKey === f.s3Key ? draft : null}
                onPlace={(p) => {
                  setDraft({ versionNumber: current!.number, fileKey: f.s3Key, ...p });
                  setPlaced((n) => n + 1);
                }}
                onMoveDraft={(p) => setDraft({ versionNumber: current!.number, fileKey: f.s3Key, ...p })}
                highlighted={highlighted}
                onSelectPin={setHighlighted}
              />
            ))}
            {others.length > 0 ? <MaterialFiles itemId={item._id} files={others} /> : null}
          </section>
        </>
      )}

      {/* On a phone the decision sits at the bottom, within the thumb's reach. */}
      {allowedActions(item, client).some((a) => decisions.includes(a)) ||
      item.blockedActions.some((b) => decisions.includes(b.action as Action)) ? (
        <ActionBar aria-label={t.decision}>
          <ReviewActions
            item={item}
            client={client}
            only={decisions}
            requested={requested}
            className="flex flex-wrap gap-2 [&>button]:flex-1 [&>span]:flex-1 [&>span>button]:w-full lg:[&>button]:flex-none lg:[&>span]:flex-none"
            onDone={(next) => {
              setItem(next);
              onDecided(next);
            }}
          />
        </ActionBar>
      ) : null}

      <section aria-labelledby="review-comments" className="space-y-3">
        <h3 id="review-comments" className="text-sm font-medium">
          {t.comments}
        </h3>
        <CommentsPanel
          item={item}
          anchor={draft}
          placed={placed}
          onAnchorUsed={() => {
            setDraft(null);
            setSuggesting(false);
          }}
          suggesting={suggesting}
          onComments={setComments}
          pinNumbers={shownNumbers}
          highlighted={highlighted}
          onHighlight={highlight}
          onShowQuote={(id) => {
            const next = highlighted === id ? null : id;
            quoteToShow.current = next;
            highlight(next);
          }}
        />
      </section>
      <section aria-labelledby="review-history" className="space-y-3">
        <h3 id="review-history" className="text-sm font-medium">
          {t.history}
        </h3>
        <HistoryPanel history={history} />
      </section>
    </article>
  );
}
