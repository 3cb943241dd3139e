import { createApiClient } from '@crw/api-client';
import { toast } from '../features/system/store.ts';
import { msg } from '../messages.ts';

type Unauthorized = () => void;
const listeners = new Set<Unauthorized>();

/**
 * The app's one API client: base `/api`, token from local storage, spec §8 error rules. A read the server could
 * not answer for want of its database (503 SERVICE_UNAVAILABLE) is asked again once, a second later, and the
 * user is told meanwhile; a write is not (it may have been applied): its own error message says so.
 */
export const api = createApiClient({
  onUnauthorized: () => {
    for (const listener of listeners) listener();
  },
  onServiceUnavailable: () => toast.warning(msg.errors.serverUnavailable),
});

export const onUnauthorized = (listener: Unauthorized) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const client = api.client;
