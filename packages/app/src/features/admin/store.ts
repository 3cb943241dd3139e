import {
  isAbortError,
  type ListAvailablePermissionsResponse,
  type ListPortfolioAccessResponse,
  type Role,
  type Tool,
  type UpdateToolData,
  type User,
} from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { proxy } from 'valtio';
import { api } from '../../lib/api.ts';
import { onLogout } from '../auth/store.ts';
import { adminMsg as t } from './messages.ts';

export type PermissionInfo = ListAvailablePermissionsResponse['permissions'][number];
export type Access = ListPortfolioAccessResponse[number];

export const USERS_PAGE = 20;

interface AdminState {
  users: {
    items: User[];
    total: number;
    /** The total is a floor: the server stopped counting at its cap. */
    atLeast?: boolean;
    page: number;
    query: string;
    /** The table's sort, applied by the server to the whole list before paging. */
    sort: UserSort | undefined;
    loading: boolean;
    error: string | null;
  };
  catalogue: PermissionInfo[];
  /** The user open in the dialog (null while creating one). */
  selected: User | null;
  /** The portfolio grants of the user open in the dialog. */
  access: { userId: string | null; items: Access[]; loading: boolean; error: string | null };
  tools: { items: Tool[]; loaded: boolean; loading: boolean; error: string | null };
}

const initial = (): AdminState => ({
  users: { items: [], total: 0, page: 1, query: '', sort: undefined, loading: false, error: null },
  catalogue: [],
  selected: null,
  access: { userId: null, items: [], loading: false, error: null },
  tools: { items: [], loaded: false, loading: false, error: null },
});

export const adminStore = proxy<AdminState>(initial());
onLogout(() => Object.assign(adminStore, initial()));

const message = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

// ——— Users ———

let usersRequest: AbortController | null = null;

/** One page of users matching `query`; a newer call aborts an older one, so answers never arrive out of order. */
export interface UserSort {
  key: 'name' | 'email' | 'role' | 'createdAt';
  direction: 'asc' | 'desc';
}

export async function loadUsers(
  query = adminStore.users.query,
  page = adminStore.users.page,
  sort = adminStore.users.sort,
) {
  usersRequest?.abort();
  const controller = new AbortController();
  usersRequest = controller;
  Object.assign(adminStore.users, { query, page, sort, loading: true, error: null });
  try {
    const data = await api.call(
      sdk.listUsers({
        client: api.client,
        query: {
          page,
          limit: USERS_PAGE,
          ...(query.trim() ? { query: query.trim() } : {}),
          ...(sort ? { sort: sort.key, order: sort.direction } : {}),
        },
        signal: controller.signal,
      }),
      t.users.loadError,
    );
    // A page left empty by a delete: step back to the last page that has rows.
    if (data.items.length === 0 && page > 1 && data.total > 0) {
      return loadUsers(query, Math.ceil(data.total / USERS_PAGE));
    }
    Object.assign(adminStore.users, {
      items: data.items,
      total: data.total,
      atLeast: Boolean(data.atLeast),
      loading: false,
    });
  } catch (error) {
    if (isAbortError(error) || controller.signal.aborted) return;
    Object.assign(adminStore.users, { loading: false, error: message(error, t.users.loadError) });
  }
}

export async function loadCatalogue() {
  if (adminStore.catalogue.length > 0) return;
  const data = await api.call(sdk.listAvailablePermissions({ client: api.client }), t.users.catalogueError);
  adminStore.catalogue = data.permissions;
}

export interface UserInput {
  name: string;
  email: string;
  role: Role;
  password: string;
}

/** Opens a user in the dialog (null: a new one). */
export function selectUser(user: User | null) {
  adminStore.selected = user;
}

/** «Reenviar invitación» (issue 49): to someone who has not signed in yet. */
export async function resendInvitation(id: string) {
  await api.call(sdk.resendInvitation({ client: api.client, path: { id } }), t.users.resendError);
}

export async function createUser(input: UserInput) {
  // No password: the server sends an invitation (with email configured) or says it needs one.
  const { password, ...rest } = input;
  const body = password ? { ...rest, password } : rest;
  const user = await api.call(sdk.createUser({ client: api.client, body }), t.users.createError);
  adminStore.selected = user;
  await loadUsers();
  return user;
}

export async function updateUser(id: string, input: Partial<UserInput>) {
  const user = await api.call(
    sdk.updateUser({ client: api.client, path: { id }, body: input }),
    t.users.updateError,
  );
  replaceUser(user);
  // A role change reset the grants' permissions: show them as the server has them now.
  if (input.role && adminStore.access.userId === id) await loadAccess(id);
  return user;
}

export async function deleteUser(id: string) {
  await api.call(sdk.deleteUser({ client: api.client, path: { id } }), t.users.deleteError);
  await loadUsers();
}

export async function setPermissions(id: string, permissions: string[]) {
  const user = await api.call(
    sdk.updateUserPermissions({ client: api.client, path: { id }, body: { permissions } }),
    t.users.permissionsError,
  );
  replaceUser(user);
  return user;
}

function replaceUser(user: User) {
  const i = adminStore.users.items.findIndex((u) => u._id === user._id);
  if (i >= 0) adminStore.users.items[i] = user;
  if (adminStore.selected?._id === user._id) adminStore.selected = user;
}

// ——— Portfolio access ———

export async function loadAccess(userId: string) {
  if (adminStore.access.userId !== userId) adminStore.access.items = [];
  Object.assign(adminStore.access, { userId, loading: true, error: null });
  try {
    const items = await api.call(
      sdk.listPortfolioAccess({ client: api.client, path: { id: userId } }),
      t.users.accessLoadError,
    );
    if (adminStore.access.userId === userId) Object.assign(adminStore.access, { items, loading: false });
  } catch (error) {
    if (adminStore.access.userId === userId)
      Object.assign(adminStore.access, { loading: false, error: message(error, t.users.accessLoadError) });
  }
}

/** Grants access (with the role's defaults when `permissions` is left out) or changes a grant's permissions. */
export async function grantAccess(userId: string, portfolioId: string, permissions?: string[]) {
  const access = await api.call(
    sdk.grantPortfolioAccess({
      client: api.client,
      path: { id: userId },
      body: { portfolioId, ...(permissions ? { permissions } : {}) },
    }),
    t.users.grantError,
  );
  if (adminStore.access.userId === userId) {
    const i = adminStore.access.items.findIndex((a) => a.portfolioId === portfolioId);
    if (i >= 0) adminStore.access.items[i] = access;
    else adminStore.access.items.push(access);
  }
  return access;
}

export async function revokeAccess(userId: string, portfolioId: string) {
  await api.call(
    sdk.revokePortfolioAccess({ client: api.client, path: { id: userId, portfolioId } }),
    t.users.revokeError,
  );
  if (adminStore.access.userId === userId)
    adminStore.access.items = adminStore.access.items.filter((a) => a.portfolioId !== portfolioId);
}

// ——— Tools ———

export async function loadTools() {
  Object.assign(adminStore.tools, { loading: true, error: null });
  try {
    const items = await api.call(sdk.listTools({ client: api.client }), t.tools.loadError);
    Object.assign(adminStore.tools, { items, loaded: true, loading: false });
  } catch (error) {
    Object.assign(adminStore.tools, { loading: false, error: message(error, t.tools.loadError) });
  }
}

export type ToolInput = NonNullable<UpdateToolData['body']> & Pick<Tool, 'name' | 'kind'>;

export async function createTool(input: ToolInput) {
  const tool = await api.call(sdk.createTool({ client: api.client, body: input }), t.tools.createError);
  adminStore.tools.items = [...adminStore.tools.items, tool].sort((a, b) => a.name.localeCompare(b.name));
  return tool;
}

export async function updateTool(id: string, input: UpdateToolData['body']) {
  const tool = await api.call(
    sdk.updateTool({ client: api.client, path: { id }, body: input }),
    t.tools.updateError,
  );
  const i = adminStore.tools.items.findIndex((x) => x._id === id);
  if (i >= 0) adminStore.tools.items[i] = tool;
  return tool;
}

export async function deleteTool(id: string) {
  await api.call(sdk.deleteTool({ client: api.client, path: { id } }), t.tools.deleteError);
  adminStore.tools.items = adminStore.tools.items.filter((x) => x._id !== id);
}

/** «Probar»: the server sends the webhook a signed test call and reports its status and time. */
export const testTool = (id: string) =>
  api.call(sdk.testTool({ client: api.client, path: { id } }), t.tools.testError);
