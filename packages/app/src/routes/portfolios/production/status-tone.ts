/** Kept for `board-view.tsx` until it imports the map from `features/production/status-tone.ts`, where it lives. */
export { statusTone } from '../../../features/production/status-tone.ts';
