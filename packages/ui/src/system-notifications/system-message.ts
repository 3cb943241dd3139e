import type { ToastType } from '../toaster/toaster.tsx';

/** One message of the system pill and its dialog. */
export interface SystemMessageEntry {
  id: string;
  type: ToastType;
  message: string;
}
