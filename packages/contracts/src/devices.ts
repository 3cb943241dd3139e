/**
 * Guesses the browser of a push subscription from its endpoint's push service (spec §6), as the devices list
 * answers it (`@crw/contracts/devices`); the api-client re-exports the type.
 */
export type DeviceName =
  | 'Chrome/Android'
  | 'Firefox'
  | 'Safari'
  | 'Edge (Windows)'
  | 'Dispositivo Desconocido';

export function deviceNameFromEndpoint(endpoint: string): DeviceName {
  let host = '';
  try {
    host = new URL(endpoint).hostname;
  } catch {
    return 'Dispositivo Desconocido';
  }
  if (host.endsWith('fcm.googleapis.com') || host.endsWith('android.googleapis.com')) return 'Chrome/Android';
  if (host.includes('mozilla')) return 'Firefox';
  if (host.endsWith('push.apple.com')) return 'Safari';
  if (host.endsWith('notify.windows.com')) return 'Edge (Windows)';
  return 'Dispositivo Desconocido';
}
