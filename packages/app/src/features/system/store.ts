import { proxy } from 'valtio';

/**
 * System messages (spec §3, §4, §9), one channel per event (docs/decisions.md, "Which channel carries a
 * message"):
 * - `toast.*`: the transient result of something the user just did; it dismisses itself after its duration
 *   (5000 ms by default) and pauses while `hold` is on (the system notifications modal is open). The timers
 *   live in the design system's toaster, which calls `dismissToast`.
 * - `attention.*`: what needs attention later, that the user did not just cause and could miss (a background
 *   load failed, access was revoked elsewhere); it stays in the pill until removed.
 * - A field's or a form's problem is neither: the form shows it inline, next to what it is about.
 * Signing out clears both lists (`resetSystem`, spec §4).
 */
export type SystemMessageType = 'success' | 'error' | 'warning' | 'info';

export interface SystemMessage {
  id: string;
  type: SystemMessageType;
  message: string;
  duration: number;
  createdAt: number;
}

export const TOAST_DEFAULT_DURATION = 5000;
/**
 * At most this many toasts on screen; a new one drops the oldest. A stack of them grows up from the corner over
 * the screen's own buttons (on /admin/notify the fourth covered «Enviar notificación» for five seconds).
 */
export const MAX_TOASTS = 3;

interface SystemState {
  /** The pill's list, newest last. */
  messages: SystemMessage[];
  /** The toasts on screen, oldest first. */
  toasts: SystemMessage[];
  /** Pauses toast timers (e.g. while the modal is open). */
  hold: boolean;
}

export const systemStore = proxy<SystemState>({ messages: [], toasts: [], hold: false });

let seq = 0;

function entry(type: SystemMessageType, message: string, duration: number): SystemMessage {
  seq += 1;
  return { id: `m${Date.now().toString(36)}${seq}`, type, message, duration, createdAt: Date.now() };
}

/**
 * A toast: the transient result of the user's own action. The same message again (a second send, a second
 * save) replaces the one on screen, which starts its time anew, instead of stacking a copy above it.
 */
export function notify(type: SystemMessageType, message: string, duration = TOAST_DEFAULT_DURATION): string {
  const m = entry(type, message, duration);
  const others = systemStore.toasts.filter((t) => t.type !== type || t.message !== message);
  systemStore.toasts = [...others, m].slice(-MAX_TOASTS);
  return m.id;
}

/** A system message in the pill: something that needs attention later. */
export function flag(type: SystemMessageType, message: string): string {
  const m = entry(type, message, 0);
  systemStore.messages.push(m);
  return m.id;
}

export const toast = {
  success: (m: string, d?: number) => notify('success', m, d),
  error: (m: string, d?: number) => notify('error', m, d),
  warning: (m: string, d?: number) => notify('warning', m, d),
  info: (m: string, d?: number) => notify('info', m, d),
};

/**
 * Runs an action and says how it went in a toast: `success` when it is done, else the error's own (Spanish)
 * message, or `failure` when it has none.
 */
export async function toastOutcome(
  action: () => Promise<unknown>,
  success: string,
  failure: string,
): Promise<void> {
  try {
    await action();
    toast.success(success);
  } catch (error) {
    toast.error(error instanceof Error ? error.message : failure);
  }
}

export const attention = {
  error: (m: string) => flag('error', m),
  warning: (m: string) => flag('warning', m),
  info: (m: string) => flag('info', m),
};

export function dismissToast(id: string) {
  systemStore.toasts = systemStore.toasts.filter((t) => t.id !== id);
}

export function removeMessage(id: string) {
  systemStore.messages = systemStore.messages.filter((m) => m.id !== id);
}

export function clearMessages() {
  systemStore.messages = [];
}

export function setHold(hold: boolean) {
  systemStore.hold = hold;
}

/** Sign-out: nothing of the previous session's messages stays, neither in the pill nor as a toast. */
export function resetSystem() {
  systemStore.messages = [];
  systemStore.toasts = [];
  systemStore.hold = false;
}
