import type {
  NotificationPreferences as Preferences,
  UpdateNotificationPreferencesData,
} from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { Button, EmptyState, Skeleton, SwitchGrid, type SwitchGridColumn } from '@crw/ui';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { msg } from '../../../messages.ts';
import { toast } from '../../system/store.ts';
import { preferenceMessages } from './messages.ts';

const m = preferenceMessages.preferences;

type Group = keyof Preferences['preferences'];
type Channel = keyof Preferences['preferences'][Group];
const CHANNELS = ['app', 'push', 'email'] as const satisfies readonly Channel[];

const isGroup = (prefs: Preferences, key: string): key is Group => Object.hasOwn(prefs.preferences, key);

/** `prefs` with one switch set: the optimistic change, or its undoing. */
export function withSwitch(prefs: Preferences, group: Group, channel: Channel, on: boolean): Preferences {
  return {
    ...prefs,
    preferences: { ...prefs.preferences, [group]: { ...prefs.preferences[group], [channel]: on } },
  };
}

/**
 * /settings › Notificaciones (issue 29): one switch per group (the server's groups, labels and order) and
 * channel. A change is shown at once and saved alone; a failed save puts the switch back and says so.
 */
export function NotificationPreferences() {
  const [prefs, setPrefs] = useState<Preferences | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      setPrefs(await api.call(sdk.getNotificationPreferences({ client: api.client }), m.loadError));
    } catch (e) {
      setError((e as Error).message);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function change(group: Group, channel: Channel, on: boolean) {
    setPrefs((p) => p && withSwitch(p, group, channel, on));
    const preferences: UpdateNotificationPreferencesData['body']['preferences'] = {
      [group]: { [channel]: on },
    };
    try {
      await api.call(
        sdk.updateNotificationPreferences({ client: api.client, body: { preferences } }),
        m.saveError,
      );
    } catch (e) {
      setPrefs((p) => p && withSwitch(p, group, channel, !on));
      toast.error(e instanceof Error ? e.message : m.saveError);
    }
  }

  let body: ReactNode;
  if (error)
    body = (
      <EmptyState
        title={m.loadError}
        description={error}
        action={<Button onClick={() => void load()}>{msg.home.retry}</Button>}
      />
    );
  else if (!prefs)
    body = (
      <div aria-busy="true" className="space-y-2">
        <Skeleton className="h-10" />
        <Skeleton className="h-40" />
      </div>
    );
  else {
    const current = prefs;
    const columns: SwitchGridColumn<Channel>[] = CHANNELS.map((key) => ({
      key,
      label: m.channels[key],
      disabled: key === 'email' && !current.email.available,
    }));
    body = (
      <>
        <SwitchGrid
          caption={m.caption}
          rows={current.groups.filter((g): g is { key: Group; label: string } => isGroup(current, g.key))}
          columns={columns}
          checked={(group, channel) => current.preferences[group][channel]}
          switchLabel={(group, channel) => m.switchLabel(group.label, channel.key)}
          onCheckedChange={(group, channel, on) => void change(group, channel, on)}
        />
        <p className="text-sm text-muted-foreground">
          {current.email.available ? m.emailHint(current.email.digestMinutes) : m.emailUnavailable}
        </p>
      </>
    );
  }

  return (
    // Its own landmark name: «Notificaciones» is the bell's panel (two landmarks of one name confuse).
    <section aria-label={m.regionLabel} className="space-y-3">
      <div>
        <h2 className="text-lg font-semibold">{m.title}</h2>
        <p className="text-sm text-muted-foreground">{m.description}</p>
      </div>
      {body}
    </section>
  );
}
