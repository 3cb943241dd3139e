import type { User } from '@crw/api-client';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@crw/ui';
import { CheckIcon, CopyIcon, KeyRoundIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { adminMsg } from '../../../features/admin/messages.ts';
import { adminStore, loadCatalogue, resendInvitation } from '../../../features/admin/store.ts';
import { authStore } from '../../../features/auth/store.ts';
import { toast } from '../../../features/system/store.ts';
import { AccessPanel } from './access-panel.tsx';
import { PermissionsForm } from './permissions-form.tsx';
import { UserDataForm } from './user-data-form.tsx';

const t = adminMsg.users;

/**
 * Create a user (none selected) or edit the selected one: data, global permissions and portfolio access as tabs. A new
 * user stays open in the dialog, so that access can be granted at once; a generated password is shown
 * once more after saving, and never again.
 */
export function UserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const user = useSnapshot(adminStore).selected as User | null;
  const me = useSnapshot(authStore).user;
  const [generated, setGenerated] = useState<string | null>(null);
  const [shownPassword, setShownPassword] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setGenerated(null);
    setShownPassword(null);
    void loadCatalogue().catch((error: unknown) =>
      toast.error(error instanceof Error ? error.message : t.catalogueError),
    );
  }, [open]);

  const isSelf = user !== null && user._id === me?._id;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{user ? t.editTitle(user.name) : t.createTitle}</DialogTitle>
          <DialogDescription>{user ? user.email : t.createDescription}</DialogDescription>
        </DialogHeader>
        {shownPassword && user ? <PasswordOnce name={user.name} password={shownPassword} /> : null}
        {user ? (
          <Tabs defaultValue="data" className="min-w-0 space-y-4">
            <TabsList className="w-full sm:w-auto">
              <TabsTrigger value="data" className="flex-1">
                {t.tabs.data}
              </TabsTrigger>
              <TabsTrigger value="permissions" className="flex-1">
                {t.tabs.permissions}
              </TabsTrigger>
              <TabsTrigger value="access" className="flex-1">
                {t.tabs.access}
              </TabsTrigger>
            </TabsList>
            <TabsContent value="data">
              <UserDataForm
                user={user}
                isSelf={isSelf}
                onGenerate={setGenerated}
                onSaved={(_, password) => {
                  setShownPassword(password && password === generated ? password : null);
                }}
              />
            </TabsContent>
            <TabsContent value="permissions">
              <PermissionsForm user={user} isSelf={isSelf} />
            </TabsContent>
            <TabsContent value="access">
              <AccessPanel user={user} />
            </TabsContent>
          </Tabs>
        ) : (
          <UserDataForm
            user={null}
            isSelf={false}
            onGenerate={setGenerated}
            onSaved={(_, password) => {
              setShownPassword(password && password === generated ? password : null);
            }}
          />
        )}
        {user ? (
          <DialogFooter>
            {user.invitationPending ? <ResendInvitation id={user._id} email={user.email} /> : null}
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {adminMsg.close}
            </Button>
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The generated password, shown once after saving, with a copy button. */
function PasswordOnce({ name, password }: { name: string; password: string }) {
  const [copied, setCopied] = useState(false);
  const labelId = useId();
  return (
    <section
      aria-labelledby={labelId}
      className="space-y-2 rounded-md border border-primary/40 bg-primary/5 p-3 text-sm"
    >
      <h3 id={labelId} className="flex items-center gap-2 font-medium">
        <KeyRoundIcon className="size-4" aria-hidden="true" />
        {t.passwordOnceTitle}
      </h3>
      <p className="text-muted-foreground">{t.passwordOnce(name)}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          data-testid="generated-password"
          className="rounded bg-background px-2 py-1 font-mono text-base break-all"
        >
          {password}
        </code>
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            void navigator.clipboard?.writeText(password).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {copied ? t.copied : t.copy}
        </Button>
      </div>
    </section>
  );
}

/** «Reenviar invitación» (issue 49): offered while the person has not signed in yet. */
function ResendInvitation({ id, email }: { id: string; email: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await resendInvitation(id);
          toast.success(t.invitationResent(email));
        } catch (e) {
          toast.error(e instanceof Error ? e.message : t.resendError);
        } finally {
          setBusy(false);
        }
      }}
    >
      {t.resendInvitation}
    </Button>
  );
}
