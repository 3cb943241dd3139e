import { proxy } from 'valtio';

/**
 * System notifications (spec §3, §4, §9): every message shown as a toast also stays in the pill's list
 * until it is removed. Toasts auto-dismiss after their duration (5000 ms by default) and pause while
 * `hold` is on (the system notifications modal is open); the timers themselves live in the design
 * system's toaster, which calls `dismissToast`.
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

interface SystemState {
  /** The pill's list, newest last. */
  messages: SystemMessage[];
  /** Ids currently shown as toasts. */
  toastIds: string[];
  /** Pauses toast timers (e.g. while the modal is open). */
  hold: boolean;
}

export const systemStore = proxy<SystemState>({ messages: [], toastIds: [], hold: false });

let seq = 0;

export function notify(type: SystemMessageType, message: string, duration = TOAST_DEFAULT_DURATION): string {
  seq += 1;
  const id = `m${Date.now().toString(36)}${seq}`;
  systemStore.messages.push({ id, type, message, duration, createdAt: Date.now() });
  systemStore.toastIds.push(id);
  return id;
}

export const toast = {
  success: (m: string, d?: number) => notify('success', m, d),
  error: (m: string, d?: number) => notify('error', m, d),
  warning: (m: string, d?: number) => notify('warning', m, d),
  info: (m: string, d?: number) => notify('info', m, d),
};

export function dismissToast(id: string) {
  systemStore.toastIds = systemStore.toastIds.filter((t) => t !== id);
}

export function removeMessage(id: string) {
  systemStore.messages = systemStore.messages.filter((m) => m.id !== id);
  dismissToast(id);
}

export function clearMessages() {
  systemStore.messages = [];
  systemStore.toastIds = [];
}

export function setHold(hold: boolean) {
  systemStore.hold = hold;
}

export function resetSystem() {
  clearMessages();
  systemStore.hold = false;
}
