import type { UploadSettings } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { useEffect, useState } from 'react';
import { api } from './api.ts';

let pending: Promise<UploadSettings> | null = null;

/**
 * The server's upload limits (GET /settings/uploads: UPLOAD_MAX_BYTES and the accepted types), read once and
 * kept for the session; a failed read is tried again the next time it is asked for.
 */
export function loadUploadSettings(): Promise<UploadSettings> {
  pending ??= api
    // Never shown: a screen without the limits lets the server refuse a file with its own message.
    .call(sdk.getUploadSettings({ client: api.client }), 'No se pudieron leer los límites de subida')
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

/** The upload limits once read (null until then, or when they could not be read). */
export function useUploadSettings(): UploadSettings | null {
  const [settings, setSettings] = useState<UploadSettings | null>(null);
  useEffect(() => {
    let live = true;
    loadUploadSettings().then(
      (s) => live && setSettings(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return settings;
}
