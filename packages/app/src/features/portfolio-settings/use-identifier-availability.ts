import { isAbortError } from '@crw/api-client';
import { useDebouncedValue } from '@crw/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isSlug } from './identifiers.ts';
import { checkIdentifier } from './store.ts';

export type Availability = 'idle' | 'invalid' | 'checking' | 'available' | 'taken' | 'error';

type Answer = { identifier: string; status: 'available' | 'taken' | 'error' };

/**
 * Whether `identifier` is free, asked of the server once typing pauses. Never races: a newer check
 * aborts the one in flight, and an answer counts only for the identifier it was asked about and only
 * if no newer check started since (so a slow old answer can never overwrite a newer one).
 */
export function useIdentifierAvailability(identifier: string, delayMs = 300) {
  const debounced = useDebouncedValue(identifier, delayMs);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-asks after a failed check.
  useEffect(() => {
    if (!isSlug(debounced)) return;
    const seq = ++latest.current;
    const controller = new AbortController();
    const settle = (status: Answer['status']) => {
      if (seq === latest.current) setAnswer({ identifier: debounced, status });
    };
    checkIdentifier(debounced, controller.signal).then(
      (available) => settle(available ? 'available' : 'taken'),
      (error: unknown) => {
        if (!isAbortError(error)) settle('error');
      },
    );
    return () => controller.abort();
  }, [debounced, attempt]);

  /** The server refused the identifier on submit: it is taken, whatever an earlier check said. */
  const markTaken = useCallback((taken: string) => {
    latest.current += 1;
    setAnswer({ identifier: taken, status: 'taken' });
  }, []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  let status: Availability;
  if (!identifier) status = 'idle';
  else if (!isSlug(identifier)) status = 'invalid';
  else if (answer?.identifier === identifier) status = answer.status;
  else status = 'checking';
  return { status, markTaken, retry };
}
