/**
 * Scheduled jobs, as app.ts sees them: the review reminders (reminders.ts). The daily purge of read
 * notifications (notify's `purgeReadNotifications`) and the email digest (notify/mail/digest.ts) are scheduled
 * by the domain that owns their data.
 */
export * from './reminders.ts';
