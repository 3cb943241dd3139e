/** The shell's timing constants (spec §9). */
export const SIDEBAR_COLLAPSE_DELAY_MS = 300;
export const SYSTEM_ROTATION_MS = 5000;
export const SYSTEM_AUTO_OPEN_MS = 3000;
export const SYSTEM_MESSAGE_MAX_CHARS = 60;
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const BADGE_MAX = 9;
export const BREADCRUMB_MAX_VISIBLE = 3;
export const MOBILE_BREAKPOINT_PX = 768;

/** The unread badge: hidden at 0, '9+' above 9. */
export function badgeLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

/** Cuts a message at 60 characters with an ellipsis. */
export function truncateMessage(message: string, max = SYSTEM_MESSAGE_MAX_CHARS): string {
  return message.length > max ? `${message.slice(0, max)}…` : message;
}
