/** How the database tools fail: what they undo, and what they print. */
import { EnvError } from '../env.ts';
import { RefusedError } from './db-copy.ts';

/** One step that puts back what a failed command had already written, described for the message. */
export interface Undo {
  /** What is left behind when the undo itself fails (a path, a database), for the person to remove. */
  leaves: string;
  run(): Promise<unknown>;
}

/**
 * After `error` stopped a command that had started writing: runs every undo (newest first), then throws one
 * refusal that says why the command stopped and that nothing changed, or what is left for a person to remove
 * when an undo failed too. The original error stays as the cause (printed with DEBUG=1).
 */
export async function undoAfter(error: unknown, undos: Undo[], unchanged: string): Promise<never> {
  const left: string[] = [];
  for (const undo of [...undos].reverse()) {
    await undo.run().catch((e: unknown) => left.push(`${undo.leaves} (${(e as Error).message})`));
  }
  const reason =
    error instanceof RefusedError ? error.message : `Error inesperado: ${(error as Error)?.message ?? error}`;
  throw new RefusedError(
    left.length === 0
      ? `${reason}\n${unchanged}`
      : `${reason}\nNo se pudo deshacer todo lo empezado: quedan ${left.join('; ')}. Bórralo antes de repetirlo.`,
    { cause: error },
  );
}

/**
 * What a failed command prints: a refusal (or a wrong configuration) as its Spanish sentence alone; anything
 * else as its message with a hint, and its stack (with its cause's) only when asked for with DEBUG or
 * LOG_LEVEL=debug: a person reads what to fix, never a stack.
 */
export function failureText(error: unknown, debug: boolean): string {
  const known = error instanceof RefusedError || error instanceof EnvError;
  const text = known
    ? error.message
    : `Error inesperado: ${(error as Error)?.message ?? String(error)}\n` +
      (debug
        ? ''
        : 'Vuelve a ejecutarlo con DEBUG=1 para ver el detalle técnico, y compártelo si pides ayuda.');
  if (!debug) return text;
  const stacks: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (e.stack) stacks.push(e.stack);
  return [text.trimEnd(), ...stacks].join('\n');
}
