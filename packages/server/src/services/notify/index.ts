/**
 * Notify and mail, as the rest of the server sees them: which events exist and who hears them (events.ts),
 * each person's channels (preferences.ts), writing and delivering (notifier.ts), the inbox and the admin's
 * broadcast, push, email (mail/), and the realtime publisher of production and comment changes (realtime.ts).
 * This domain imports no other: the review, agents, people and jobs import it.
 */
export * from './app-links.ts';
export * from './asks.ts';
export * from './broadcast.ts';
export * from './events.ts';
export * from './inbox.ts';
export * from './mail/admin.ts';
export * from './mail/index.ts';
export * from './notifications.ts';
export * from './notifier.ts';
export * from './preferences.ts';
export * from './push.ts';
export * from './push-devices.ts';
export * from './realtime.ts';
export * from './tell.ts';
