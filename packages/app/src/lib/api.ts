import { createApiClient } from '@crw/api-client';

type Unauthorized = () => void;
const listeners = new Set<Unauthorized>();

/** The app's one API client: base `/api`, token from local storage, spec §8 error rules. */
export const api = createApiClient({
  onUnauthorized: () => {
    for (const listener of listeners) listener();
  },
});

export const onUnauthorized = (listener: Unauthorized) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const client = api.client;
