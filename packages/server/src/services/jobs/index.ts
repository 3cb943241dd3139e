/**
 * Scheduled jobs, as app.ts sees them: the daily review reminders (reminders.ts). The daily purge of read
 * notifications is notify's (`purgeReadNotifications`, next to the notifications it deletes), run by app.ts on
 * the reminders' timer; the email digest is made by the mail worker (notify/mail/digest.ts).
 */
export * from './reminders.ts';
