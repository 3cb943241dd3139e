/**
 * The hand-written face of the generated client: `createApiClient` configures the generated ofetch
 * client (base URL, 30 s timeout, Bearer token from local storage, JSON) and applies the error rules of
 * spec §8: the server's `message` when present, else the Spanish default given per call; a 401 removes
 * the stored token; a 403 is only logged.
 */
import { type Client, createClient, createConfig } from './gen/client/index.ts';

export * from './gen/types.gen.ts';
export type { Client };

export const API_TIMEOUT_MS = 30_000;
/** The wait before a read answered 503 SERVICE_UNAVAILABLE is asked again (the server lost its database briefly). */
export const UNAVAILABLE_RETRY_MS = 1_000;
export const TOKEN_KEY = 'token';

/** The API's error shape: `{ message, code, details? }` (product-design §2). */
export interface ApiErrorBody {
  message?: string;
  code?: string;
  error?: string;
  details?: Array<{ field?: string; message: string }>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: ApiErrorBody['details'];

  constructor(message: string, status: number, code = 'UNKNOWN', details?: ApiErrorBody['details']) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export interface TokenStorage {
  getItem(key: string): string | null;
  removeItem(key: string): void;
}

export interface ApiClientOptions {
  baseURL?: string;
  /** Where the token lives; defaults to `localStorage` under the key `token`. */
  storage?: TokenStorage;
  getToken?: () => string | null | undefined;
  /** Called after a 401 removed the stored token. */
  onUnauthorized?: () => void;
  /** Called for a 403 (only logged, spec §8). */
  onForbidden?: (url: string) => void;
  /**
   * Called when a read (GET, HEAD) was answered 503 SERVICE_UNAVAILABLE, as it is asked once more after
   * `unavailableRetryMs` (the app says «Sin conexión con el servidor. Reintentando…»).
   */
  onServiceUnavailable?: () => void;
  unavailableRetryMs?: number;
  fetch?: typeof fetch;
}

type Result<T> = { data?: T; error?: unknown; response?: Response };

export interface ApiClient {
  client: Client;
  /**
   * Awaits a generated SDK call and returns its data, or throws an ApiError whose message is the
   * server's `message` (or `error`, for broadcast) when present, else `fallback`.
   */
  call<T>(request: Promise<Result<T>>, fallback: string): Promise<T>;
}

const isAbort = (e: unknown) => e instanceof Error && (e.name === 'AbortError' || e.name === 'TimeoutError');

export function isAbortError(e: unknown): boolean {
  return isAbort(e) || (e instanceof Error && isAbort((e as { cause?: unknown }).cause));
}

/**
 * A read the server could not answer because it lost its database for a moment (a failover, a restart): asked
 * once more. A write never is: it may have been applied, and its caller decides.
 */
async function serviceUnavailable(response: Response, request: Request): Promise<boolean> {
  if (response.status !== 503 || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
  // ofetch has already read the body (`_data`); without it, a copy of the body is read.
  const parsed = (response as Response & { _data?: ApiErrorBody })._data;
  const body =
    parsed ??
    ((await response
      .clone()
      .json()
      .catch(() => undefined)) as ApiErrorBody | undefined);
  return body?.code === 'SERVICE_UNAVAILABLE';
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const storage = options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  const getToken = options.getToken ?? (() => storage?.getItem(TOKEN_KEY));
  const client = createClient(
    createConfig({
      baseUrl: options.baseURL ?? '/api',
      timeout: API_TIMEOUT_MS,
      retry: 0,
      auth: () => getToken() ?? undefined,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
  );
  // First, so the 401 and 403 rules below see the answer of the second try.
  client.interceptors.response.use(async (response, request) => {
    if (!(await serviceUnavailable(response, request))) return response;
    options.onServiceUnavailable?.();
    await new Promise((resolve) => setTimeout(resolve, options.unavailableRetryMs ?? UNAVAILABLE_RETRY_MS));
    const signal = AbortSignal.any?.([request.signal, AbortSignal.timeout(API_TIMEOUT_MS)]) ?? request.signal;
    return (options.fetch ?? fetch)(request, { signal });
  });
  client.interceptors.response.use((response, request) => {
    if (response.status === 401) {
      storage?.removeItem(TOKEN_KEY);
      options.onUnauthorized?.();
    } else if (response.status === 403) {
      (options.onForbidden ?? ((url) => console.warn(`403 Prohibido: ${url}`)))(request.url);
    }
    return response;
  });

  async function call<T>(request: Promise<Result<T>>, fallback: string): Promise<T> {
    let result: Result<T>;
    try {
      result = await request;
    } catch (e) {
      if (isAbortError(e) && !(e instanceof Error && e.name === 'TimeoutError')) throw e;
      throw new ApiError(fallback, 0, 'NETWORK');
    }
    const status = result.response?.status ?? 0;
    if (result.error !== undefined || !result.response?.ok) {
      const body = (typeof result.error === 'object' && result.error ? result.error : {}) as ApiErrorBody;
      const message = body.message || body.error || fallback;
      throw new ApiError(message, status, body.code, body.details);
    }
    return result.data as T;
  }

  return { client, call };
}

import type { User } from './gen/types.gen.ts';

/** The three roles (spec §3). */
export type Role = User['role'];
