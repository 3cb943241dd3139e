import type { ProductionItem } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { whenConnected } from '../../../features/connection/connection.ts';
import { itemMsg as m } from '../../../features/production/messages.ts';
import { toast } from '../../../features/system/store.ts';
import { api } from '../../../lib/api.ts';
import { type Draft, type DraftKey, readDraft, useDraftKeeper } from '../../../lib/drafts.ts';
import { MAX_COPY_HTML } from './material.ts';

const client = api.client;

export type MaterialInput = Pick<ProductionItem['materialData'], 'copy' | 'files' | 'links'>;

/**
 * The material being written in an item's drawer, held above its tabs so that what is on screen is what a
 * save or a review call sends, whichever tab is open:
 *
 * - `copy` follows the saved copy while it is unchanged (someone else's save shows) and is kept as a draft in
 *   the browser while it differs (lib/drafts.ts), cleared once saved or sent;
 * - a draft found when the item opens that says something the saved copy does not is offered (`offer`) to be
 *   recovered or discarded; until then it is neither overwritten nor cleared;
 * - `dirty` says there is typed copy not saved (the drawer asks before closing, the page warns before leaving).
 */
export function useMaterialEditor({
  itemId,
  item,
  userId,
  onSaved,
}: {
  itemId: string;
  item: ProductionItem | null;
  userId: string | undefined;
  onSaved: (item: ProductionItem) => void;
}) {
  const savedCopy = item?.materialData.copy ?? '';
  // What renders show: set when the copy is replaced (an item, a recovered draft, a save elsewhere) and when a
  // key changes what the drawer shows of it (unsaved or not, over the limit or not); `latest` holds every key.
  const [, setShown] = useState(savedCopy);
  const latest = useRef(savedCopy);
  const setCopy = useCallback((value: string) => {
    latest.current = value;
    setShown(value);
  }, []);
  const [saving, setSaving] = useState(false);
  const [offer, setOffer] = useState<Draft<string> | null>(null);
  const key: DraftKey | null = userId && item ? { kind: 'material', userId, id: itemId } : null;
  // The server says whether this person may change the working copy now (update-material).
  const canEdit = item ? item.allowedActions.includes('update-material') : false;

  // What was saved is what the server answered; a newer copy from elsewhere replaces an unchanged copy. Another
  // item starts from its own saved copy, and offers its draft if it has one.
  const saved = useRef<{ id: string | null; copy: string }>({ id: null, copy: '' });
  useEffect(() => {
    if (!item) return;
    if (saved.current.id !== item._id) {
      saved.current = { id: item._id, copy: item.materialData.copy };
      setCopy(item.materialData.copy);
      const found = userId ? readDraft<string>({ kind: 'material', userId, id: item._id }) : null;
      setOffer(found && found.value !== item.materialData.copy ? found : null);
      return;
    }
    // The values are taken now: React may run the update at the next render (another update of the drawer
    // queued first), after the line below has moved `saved` on; compared with it then, an unchanged copy would
    // look typed, stay stale on screen and count as unsaved.
    const before = saved.current.copy;
    const next = item.materialData.copy;
    saved.current.copy = next;
    if (latest.current === before) setCopy(next);
  }, [item, userId, setCopy]);

  // A draft offered for an item that cannot be edited now stays stored (offered again once it can be).
  const offered = offer !== null && canEdit;
  const copy = latest.current;
  const keeper = useDraftKeeper({
    key: saved.current.id === itemId ? key : null,
    value: copy,
    saved: savedCopy,
    paused: offer !== null || !canEdit,
  });

  const dirty = canEdit && saved.current.id === itemId && copy !== savedCopy;

  /**
   * A key typed in the editor (issue 48: a key is not a render of the drawer). The copy is kept, and its draft,
   * at once; the drawer renders only when what it shows of the copy changes: unsaved or not, over the limit or
   * not. Whatever renders next reads the newest copy.
   */
  const type = (value: string) => {
    const before = latest.current;
    latest.current = value;
    keeper.keep(value);
    const shownChanges =
      (before !== savedCopy) !== (value !== savedCopy) ||
      before.length > MAX_COPY_HTML !== value.length > MAX_COPY_HTML;
    if (shownChanges) setShown(value);
  };

  /** The material as on screen: the typed copy with the item's files and links. */
  const material = (files = item?.materialData.files ?? []): MaterialInput => ({
    copy: latest.current,
    files: [...files],
    links: [...(item?.materialData.links ?? [])],
  });

  // Someone else saved another copy while this one was being written: shown side by side, nothing is
  // overwritten until the person chooses.
  const [conflict, setConflict] = useState<ProductionItem | null>(null);

  /**
   * Saves the material on screen (with `files`, after an upload) over the item as it was read (its optimistic
   * `version`; `over`: the newer item the person chose to save over). When the item changed meanwhile (409),
   * it is read again: another copy than the one this was written over is a conflict (`'conflict'`), shown with
   * the difference and saved over only if the person chooses; any other change (details, a file) is kept and
   * the copy saved on top of it.
   */
  const save = async (
    files?: ProductionItem['materialData']['files'],
    over?: ProductionItem,
  ): Promise<'saved' | 'conflict' | 'failed'> => {
    if (!item) return 'failed';
    const base = over ?? item;
    const writtenOver = over ? over.materialData.copy : saved.current.copy;
    // Made while the server is gone, it waits and goes once it is back (issue 49, point 6).
    const send = (read: ProductionItem, list = files ?? read.materialData.files) =>
      whenConnected(() =>
        api.call(
          sdk.updateMaterial({
            client,
            path: { id: item._id },
            body: { materialData: material(list), version: read.version },
          }),
          m.saveError,
        ),
      );
    setSaving(true);
    try {
      let next: ProductionItem;
      try {
        next = await send(base);
      } catch (e) {
        if ((e as { status?: number }).status !== 409) throw e;
        const fresh = await api.call(sdk.getItem({ client, path: { id: item._id } }), m.saveError);
        if (fresh.materialData.copy !== writtenOver && fresh.materialData.copy !== latest.current) {
          setConflict(fresh);
          return 'conflict';
        }
        // Files someone else added meanwhile are kept beside this upload's.
        const known = new Set(fresh.materialData.files.map((f) => f.s3Key));
        next = await send(fresh, [
          ...fresh.materialData.files,
          ...(files ?? []).filter((f) => !known.has(f.s3Key)),
        ]);
      }
      keeper.discard();
      setConflict(null);
      toast.success(m.material.saved);
      onSaved(next);
      return 'saved';
    } catch (e) {
      toast.error((e as Error).message);
      return 'failed';
    } finally {
      setSaving(false);
    }
  };

  return {
    /** The copy as typed, at this render. */
    copy,
    setCopy,
    type,
    saving,
    dirty,
    canEdit,
    material,
    save,
    /** A stored draft that differs from the saved copy, offered to be recovered. */
    offer: offered ? offer : null,
    recover() {
      if (!offer) return;
      setCopy(offer.value);
      setOffer(null);
      toast.info(m.material.draftRecovered);
    },
    discardOffer() {
      setOffer(null);
      keeper.discard();
    },
    /** Drops what was typed: the saved copy again, and no draft. */
    discard() {
      setCopy(savedCopy);
      setOffer(null);
      keeper.discard();
    },
    /** The typed copy was saved or sent: no draft to keep. */
    forgetDraft: keeper.discard,
    /** The newer item saved by someone else while this copy was written, if a save found one. */
    conflict,
    /** Saves this copy over theirs (the person saw both). */
    keepMine: () => (conflict ? save(undefined, conflict) : Promise.resolve('failed' as const)),
    /** Takes their copy and drops this one. */
    takeTheirs() {
      if (!conflict) return;
      saved.current.copy = conflict.materialData.copy;
      setCopy(conflict.materialData.copy);
      setConflict(null);
      keeper.discard();
      onSaved(conflict);
    },
    /** Back to writing; the next save asks again if their copy still differs. */
    dismissConflict: () => setConflict(null),
  };
}

export type MaterialEditor = ReturnType<typeof useMaterialEditor>;
