/**
 * The app's API module (`lib/api.ts`) as the stores' unit tests replace it: `api.call` answers what the faked
 * SDK call answers, and nobody is told of a 401. Used as `vi.mock('../../lib/api.ts', () => import(…))`.
 */
export const api = { client: {}, call: (p: Promise<unknown>) => p };
export const onUnauthorized = () => () => undefined;
