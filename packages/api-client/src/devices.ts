/**
 * Push devices. The server answers the device names declared in `@crw/contracts/devices` (re-exported here as a
 * type); how the devices list shortens an endpoint is the app's display concern.
 */
export type { DeviceName } from '@crw/contracts/devices';

/** The last 30 characters of an endpoint, as the devices list shows it. */
export const ENDPOINT_TAIL = 30;
export const endpointTail = (endpoint: string) => endpoint.slice(-ENDPOINT_TAIL);
