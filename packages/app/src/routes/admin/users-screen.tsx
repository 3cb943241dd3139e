import type { User } from '@crw/api-client';
import {
  Badge,
  Button,
  DataTable,
  type DataTableColumn,
  type DataTableSort,
  EmptyState,
  Field,
  Input,
  Pagination,
  useDebouncedValue,
} from '@crw/ui';
import { PlusIcon, UsersIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { adminMsg } from '../../features/admin/messages.ts';
import {
  adminStore,
  deleteUser,
  loadUsers,
  selectUser,
  USERS_PAGE,
  type UserSort,
} from '../../features/admin/store.ts';
import { authStore } from '../../features/auth/store.ts';
import { ConfirmFor } from '../../features/common/confirm-for.tsx';
import { RowActions } from '../../features/common/table-cells.tsx';
import { toastOutcome } from '../../features/system/store.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';
import { UserDialog } from './users/user-dialog.tsx';

const t = adminMsg.users;

/**
 * /admin/users: a searchable, paginated table of users (cards on a phone); create and edit in a dialog
 * (data, global permissions, portfolio access); delete with a confirmation. A header sorts the whole list
 * (the server sorts, then pages).
 */
export default function AdminUsersScreen() {
  const { users } = useSnapshot(adminStore);
  const me = useSnapshot(authStore).user;
  const [search, setSearch] = useState(users.query);
  const query = useDebouncedValue(search, 300);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<User | null>(null);

  useEffect(() => {
    void loadUsers(query, query === adminStore.users.query ? adminStore.users.page : 1);
  }, [query]);

  const open = (user: User | null) => {
    selectUser(user);
    setDialogOpen(true);
  };

  const remove = (user: User) =>
    toastOutcome(() => deleteUser(user._id), t.deleted(user.name), t.deleteError);

  const rows = users.items as User[];
  const sort: DataTableSort | undefined = users.sort
    ? { key: users.sort.key === 'createdAt' ? 'created' : users.sort.key, direction: users.sort.direction }
    : undefined;
  const onSortChange = (next: DataTableSort | undefined) =>
    void loadUsers(
      users.query,
      1,
      next
        ? {
            key: next.key === 'created' ? 'createdAt' : (next.key as UserSort['key']),
            direction: next.direction,
          }
        : undefined,
    );

  const columns: DataTableColumn<User>[] = [
    {
      key: 'name',
      header: t.columns.name,
      sortable: true,
      primary: true,
      cell: (u) =>
        u._id === me?._id ? (
          <span className="inline-flex flex-wrap items-center gap-2">
            {u.name}
            <Badge variant="outline">{t.you}</Badge>
          </span>
        ) : (
          u.name
        ),
    },
    {
      key: 'email',
      header: t.columns.email,
      sortable: true,
      cell: (u) => <span className="break-all">{u.email}</span>,
    },
    {
      key: 'role',
      header: t.columns.role,
      sortable: true,
      cell: (u) => (
        <Badge variant={u.role === 'admin' ? 'default' : u.role === 'employee' ? 'info' : 'secondary'}>
          {adminMsg.roles[u.role]}
        </Badge>
      ),
    },
    {
      key: 'created',
      header: t.columns.created,
      sortable: true,
      cell: (u) => <span className="whitespace-nowrap">{formatDateTime(u.createdAt)}</span>,
    },
    {
      key: 'actions',
      header: t.columns.actions,
      align: 'right',
      cell: (u) => (
        <RowActions
          editLabel={t.editUser(u.name)}
          onEdit={() => open(u)}
          deleteLabel={u._id === me?._id ? t.ownDelete : t.deleteUser(u.name)}
          deleteDisabled={u._id === me?._id}
          onDelete={() => setDeleting(u)}
        />
      ),
    },
  ];

  return (
    <Screen
      title={msg.screens.adminUsers}
      actions={
        <Button onClick={() => open(null)}>
          <PlusIcon aria-hidden="true" />
          {t.new}
        </Button>
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Field label={t.search} className="w-full sm:max-w-sm">
          {(p) => (
            <Input
              {...p}
              type="search"
              placeholder={t.searchPlaceholder}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          )}
        </Field>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {users.loading && users.items.length === 0 ? '' : t.count(users.total, users.atLeast)}
        </p>
      </div>
      <DataTable
        caption={t.caption}
        columns={columns}
        rows={rows}
        getRowId={(u) => u._id}
        getRowLabel={(u) => u.name}
        sort={sort}
        onSortChange={onSortChange}
        onRowOpen={(id) => {
          const user = adminStore.users.items.find((u) => u._id === id);
          if (user) open(user);
        }}
        loading={users.loading}
        error={users.error}
        onRetry={() => void loadUsers()}
        empty={
          <EmptyState
            className="border-0"
            icon={<UsersIcon />}
            title={users.query.trim() ? t.noMatches(users.query.trim()) : t.empty}
          />
        }
      />
      {users.total > USERS_PAGE ? (
        <Pagination
          page={users.page}
          limit={USERS_PAGE}
          total={users.total}
          // A search's total goes as far as its page (the server reads one row past it): «2 o más» and
          // «Siguiente» while its pages come full.
          atLeast={users.atLeast}
          more={users.atLeast && users.items.length >= USERS_PAGE}
          onPageChange={(page) => void loadUsers(users.query, page)}
        />
      ) : null}
      <UserDialog open={dialogOpen} onOpenChange={setDialogOpen} />
      <ConfirmFor
        target={deleting}
        onClose={() => setDeleting(null)}
        title={(user) => t.confirmDelete(user.name)}
        description={t.confirmDeleteDescription}
        confirmLabel={adminMsg.delete}
        onConfirm={(user) => void remove(user)}
      />
    </Screen>
  );
}
