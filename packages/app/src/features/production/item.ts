import type {
  MaterialVersionHistory,
  ProductionItem,
  ProductionItemRead,
  UpdateItemData,
} from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { proxy, snapshot } from 'valtio';
import { api } from '../../lib/api.ts';
import { onLogout } from '../auth/store.ts';
import { whenConnected } from '../connection/connection.ts';
import { itemMsg as m } from './messages.ts';
import { productionStore } from './store.ts';

/**
 * The open piece (the plan's drawer, `?item={id}`): its reads and its actions on the server. Each one throws the
 * API's Spanish error (`api.call`); the drawer decides whether it is a toast or the panel's error.
 */
const client = api.client;

/**
 * The item as the plan on screen holds it (board or table), or null. The calendar holds only what it draws of
 * each piece: a piece opened from it is read.
 */
export function knownItem(itemId: string): ProductionItem | null {
  const plan = snapshot(productionStore);
  for (const page of [...Object.values(plan.board), plan.table]) {
    const found = page.items.find((i) => i._id === itemId);
    if (found) return found as ProductionItem;
  }
  return null;
}

/**
 * Whether the reader follows each piece they have read (getItem's `following`), for «Seguir»: written by each read
 * of a piece and by each press of the button, read by the button alone, so the answer's arrival draws the button,
 * not the drawer around it. A piece opened again shows it at once. Forgotten at sign-out.
 */
export const followStore = proxy<{ byItem: Record<string, boolean> }>({ byItem: {} });
onLogout(() => {
  followStore.byItem = {};
});

/** The server's copy of the item (whether the reader follows it goes to `followStore`). */
export const fetchItem = async (itemId: string): Promise<ProductionItem> => {
  const { following, ...item }: ProductionItemRead = await api.call(
    sdk.getItem({ client, path: { id: itemId } }),
    m.loadError,
  );
  followStore.byItem[itemId] = following;
  return item;
};

/** Its material versions and its history (the Versiones and Historial tabs, the pinned images). */
export const fetchItemHistory = (itemId: string): Promise<MaterialVersionHistory> =>
  api.call(sdk.getMaterialVersionHistory({ client, path: { id: itemId } }), m.loadError);

/** A copy of the item in the same cycle; resolves to the copy. */
export const duplicateItem = (itemId: string): Promise<ProductionItem> =>
  api.call(sdk.duplicateItem({ client, path: { id: itemId } }), m.loadError);

export const deleteItem = async (itemId: string): Promise<void> => {
  await api.call(sdk.deleteItem({ client, path: { id: itemId } }), m.loadError);
};

/**
 * The details that changed, against the version read (`version`): a newer copy on the server answers 409 and
 * nothing is overwritten.
 */
export const updateItemDetails = (itemId: string, body: UpdateItemData['body']): Promise<ProductionItem> =>
  whenConnected(() => api.call(sdk.updateItem({ client, path: { id: itemId }, body }), m.saveError));

/** Where to upload `file` for the item (a signed URL, its headers and the key to save in the material). */
export const signUpload = (itemId: string, file: File) =>
  api.call(
    sdk.createSignedUploadUrl({
      client,
      path: { id: itemId },
      body: { fileName: file.name, fileType: file.type, size: file.size },
    }),
    m.material.uploadError(file.name),
  );
