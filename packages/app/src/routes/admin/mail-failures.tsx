import type { ListMailFailuresResponse } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { Card, ErrorDetails } from '@crw/ui';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';

const t = {
  title: 'Correos que no se pudieron enviar',
  empty: 'Ningún correo fallido',
  off: 'El correo está desactivado: configura SMTP_URL en el servidor para enviarlo.',
  loadError: 'No se pudieron cargar los correos fallidos',
};

/** /admin/notify: the latest emails the SMTP server refused for good (issue 29), to fix an address or the setup. */
export function MailFailures() {
  const [state, setState] = useState<ListMailFailuresResponse | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .call(sdk.listMailFailures({ client: api.client, signal: controller.signal }), t.loadError)
      .then(setState)
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return (
    <Card className="mt-6 space-y-3 p-5" aria-labelledby="mail-failures-title">
      <h2 id="mail-failures-title" className="text-base font-semibold">
        {t.title}
      </h2>
      {state === null ? null : !state.enabled ? (
        <p className="text-sm text-muted-foreground">{t.off}</p>
      ) : state.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.empty}</p>
      ) : (
        <ul className="divide-y text-sm">
          {state.items.map((m) => (
            <li key={m._id} className="py-2">
              <p className="font-medium break-all">{m.to}</p>
              <ErrorDetails className="my-1 p-2" message={m.error} detail={m.errorDetail} />
              <p className="text-xs text-muted-foreground">
                <time dateTime={m.failedAt}>{formatDateTime(m.failedAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
