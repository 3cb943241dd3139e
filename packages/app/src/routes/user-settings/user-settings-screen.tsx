import type { PushDevice } from '@crw/api-client';
import { endpointTail } from '@crw/api-client/devices';
import * as sdk from '@crw/api-client/sdk';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorDetails,
  lazy,
  Skeleton,
  Switch,
} from '@crw/ui';
import { SmartphoneIcon, Trash2Icon } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { notificationMessages as m } from '../../features/notifications/messages.ts';
import { NotificationPreferences } from '../../features/notifications/preferences/notification-preferences.tsx';
import { pushStore, refreshPushState, togglePush } from '../../features/notifications/push.ts';
import { toast } from '../../features/system/store.ts';
import { api } from '../../lib/api.ts';
import { currentTheme, setTheme } from '../../lib/theme.ts';
import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';
import { ChangePassword } from './change-password.tsx';

const dateFormat = lazy(() => new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' }));

/** /settings: this device's push switch, the notification preferences, and every device subscribed to push, with delete after a confirm. */
export default function UserSettingsScreen() {
  const push = useSnapshot(pushStore);
  const [devices, setDevices] = useState<PushDevice[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<PushDevice | null>(null);
  const switchId = useId();
  const themeId = useId();
  const [dark, setDark] = useState(() => currentTheme() === 'dark');

  const load = useCallback(async () => {
    setError(null);
    try {
      setDevices(await api.call(sdk.listPushSubscriptions({ client: api.client }), m.devices.loadError));
    } catch {
      // Shown inline where the list would be (not a toast as well).
      setError(m.devices.loadError);
    }
  }, []);

  useEffect(() => {
    void load();
    void refreshPushState();
  }, [load]);

  async function remove(device: PushDevice) {
    try {
      await api.call(
        sdk.deletePushSubscription({ client: api.client, body: { endpoint: device.endpoint } }),
        m.devices.deleteError,
      );
      toast.success(m.devices.deleted);
      if (device.endpoint === pushStore.endpoint) await refreshPushState();
      await load();
    } catch {
      toast.error(m.devices.deleteError);
    }
  }

  return (
    <Screen title={msg.screens.userSettings}>
      <Card className="space-y-3 p-5">
        <div className="flex items-center justify-between gap-4">
          <div>
            <label id={`${switchId}-label`} htmlFor={switchId} className="font-medium">
              {m.push.switchLabel}
            </label>
            <p id={`${switchId}-hint`} className="text-sm text-muted-foreground">
              {push.supported ? m.push.switchHint : m.push.unsupported}
            </p>
          </div>
          <Switch
            id={switchId}
            aria-labelledby={`${switchId}-label`}
            aria-describedby={[`${switchId}-hint`, push.problem ? `${switchId}-problem` : null]
              .filter(Boolean)
              .join(' ')}
            checked={push.registered}
            disabled={push.busy || !push.supported}
            onCheckedChange={(on) => void togglePush(on).then(load)}
          />
        </div>
        {push.problem ? (
          <ErrorDetails
            id={`${switchId}-problem`}
            role="alert"
            title={push.problem.action === 'enable' ? m.push.problemTitle : m.push.disableProblemTitle}
            message={push.problem.message}
            detail={push.problem.detail}
          />
        ) : null}
      </Card>

      <NotificationPreferences />

      <Card className="flex items-center justify-between gap-4 p-5">
        <label id={`${themeId}-label`} htmlFor={themeId} className="font-medium">
          Tema oscuro
        </label>
        <Switch
          id={themeId}
          aria-labelledby={`${themeId}-label`}
          checked={dark}
          onCheckedChange={(on) => {
            setDark(on);
            setTheme(on ? 'dark' : 'light');
          }}
        />
      </Card>

      <ChangePassword />

      <section aria-labelledby="devices-title" className="space-y-3">
        <h2 id="devices-title" className="text-lg font-semibold">
          {m.devices.title}
        </h2>
        {error ? (
          <div
            role="alert"
            className="flex items-center justify-between gap-3 rounded-xl border border-destructive/40 p-4 text-sm"
          >
            <span className="text-destructive">{error}</span>
            <Button variant="outline" size="sm" onClick={() => void load()}>
              {msg.home.retry}
            </Button>
          </div>
        ) : devices === null ? (
          <div className="space-y-2" aria-busy="true">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : devices.length === 0 ? (
          <EmptyState icon={<SmartphoneIcon />} title={m.devices.empty} />
        ) : (
          <ul className="space-y-2">
            {devices.map((d) => (
              <li key={d._id}>
                <Card className="flex flex-wrap items-center gap-3 p-4">
                  <SmartphoneIcon className="size-5 text-muted-foreground" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      {d.browser}
                      {d.endpoint === push.endpoint ? (
                        <Badge variant="success">{m.devices.thisDevice}</Badge>
                      ) : null}
                    </p>
                    <p className="truncate font-mono text-xs text-muted-foreground" title={d.endpoint}>
                      …{endpointTail(d.endpoint)}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {m.devices.subscribedOn} {dateFormat().format(new Date(d.createdAt))}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setPending(d)}
                    aria-label={`${m.devices.delete} ${d.browser}`}
                  >
                    <Trash2Icon aria-hidden="true" />
                    {m.devices.delete}
                  </Button>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={m.devices.confirm}
        confirmLabel={m.devices.delete}
        onConfirm={() => {
          if (pending) void remove(pending);
          setPending(null);
        }}
      />
    </Screen>
  );
}
