export type { Tone } from '../lib/tone.ts';
export * from './badge.tsx';
