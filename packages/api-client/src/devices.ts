/**
 * Push devices. The server owns the device names it answers (packages/server/src/contracts/devices.ts, re-exported
 * here as a type); how the devices list shortens an endpoint is the app's display concern.
 */
export type { DeviceName } from '../../server/src/contracts/devices.ts';

/** The last 30 characters of an endpoint, as the devices list shows it. */
export const ENDPOINT_TAIL = 30;
export const endpointTail = (endpoint: string) => endpoint.slice(-ENDPOINT_TAIL);
