import { Badge, Button, Card, ErrorDetails } from '@crw/ui';
import { RotateCwIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { mailMsg } from '../../features/mail/messages.ts';
import {
  loadMailQueue,
  type MailFailure,
  mailQueueStore,
  type PendingMail,
  retryAllMail,
  retryMail,
} from '../../features/mail/store.ts';
import { dayUnlessToday, formatDateTime, formatTime } from '../../lib/dates.ts';

const t = mailMsg;

/** The queue changes on its own (the worker sends, retries come due): read again this often while on screen. */
export const MAIL_QUEUE_POLL_MS = 30_000;

/** When a pending mail goes next, as the admin reads it: «Reintentará a las 14:05». */
export function nextAttemptText(mail: Pick<PendingMail, 'status' | 'nextAttemptAt'>, now = new Date()) {
  if (mail.status === 'sending') return t.sending;
  if (Date.parse(mail.nextAttemptAt) <= now.getTime()) return t.dueNow;
  return t.nextAttempt(formatTime(mail.nextAttemptAt), dayUnlessToday(mail.nextAttemptAt, now));
}

export interface MailQueueProps {
  enabled: boolean;
  smtpDown: boolean;
  pending: readonly PendingMail[];
  pendingTotal: number;
  failures: readonly MailFailure[];
  /** The retry under way: a mail's id, `all`, or none. */
  retrying: string | null;
  onRetry: (id: string) => void;
  onRetryAll: () => void;
  now?: Date;
}

/**
 * /admin/notify's mail queue (issues 29 and 45): a banner while the SMTP server cannot be reached, the mail that
 * waits (attempts, last error, next attempt) and the mail that could not be sent, with «Reintentar».
 */
export function MailQueue(props: MailQueueProps) {
  if (!props.enabled) {
    return (
      <Card className="mt-6 p-5">
        <p className="text-sm text-muted-foreground">{t.off}</p>
      </Card>
    );
  }
  return (
    <>
      {props.smtpDown ? (
        <ErrorDetails
          role="alert"
          tone="warning"
          className="mt-6"
          title={t.smtpDownTitle}
          message={t.smtpDown}
        />
      ) : null}
      <PendingList {...props} />
      <FailureList {...props} />
    </>
  );
}

function PendingList({ pending, pendingTotal, now }: MailQueueProps) {
  return (
    <Card role="region" className="mt-6 space-y-3 p-5" aria-labelledby="mail-pending-title">
      <h2 id="mail-pending-title" className="text-base font-semibold">
        {t.pendingTitle}
      </h2>
      {pending.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.pendingEmpty}</p>
      ) : (
        <>
          <ul className="divide-y text-sm">
            {pending.map((m) => (
              <li key={m._id} className="space-y-1 py-2">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="min-w-0 font-medium break-all">{m.to}</p>
                  <Badge tone={m.attempts > 0 ? 'warning' : 'muted'}>{t.attempts(m.attempts)}</Badge>
                </div>
                {m.error ? (
                  <ErrorDetails className="p-2" tone="warning" message={m.error} detail={m.errorDetail} />
                ) : null}
                <p className="text-xs text-muted-foreground">
                  <time dateTime={m.nextAttemptAt}>{nextAttemptText(m, now)}</time>
                </p>
              </li>
            ))}
          </ul>
          {pendingTotal > pending.length ? (
            <p className="text-xs text-muted-foreground">{t.pendingMore(pending.length, pendingTotal)}</p>
          ) : null}
        </>
      )}
    </Card>
  );
}

function FailureList({ failures, retrying, onRetry, onRetryAll }: MailQueueProps) {
  return (
    <Card role="region" className="mt-6 space-y-3 p-5" aria-labelledby="mail-failures-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="mail-failures-title" className="text-base font-semibold">
          {t.failuresTitle}
        </h2>
        {failures.length > 0 ? (
          <Button variant="outline" size="sm" disabled={retrying !== null} onClick={onRetryAll}>
            <RotateCwIcon aria-hidden="true" />
            {t.retryAll}
          </Button>
        ) : null}
      </div>
      {failures.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.failuresEmpty}</p>
      ) : (
        <ul className="divide-y text-sm">
          {failures.map((m) => (
            <li key={m._id} className="space-y-1 py-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 font-medium break-all">{m.to}</p>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={t.retryOf(m.to)}
                  disabled={retrying !== null}
                  onClick={() => onRetry(m._id)}
                >
                  {t.retry}
                </Button>
              </div>
              <ErrorDetails className="p-2" message={m.error} detail={m.errorDetail} />
              <p className="text-xs text-muted-foreground">
                <time dateTime={m.failedAt}>{formatDateTime(m.failedAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The queue as the store holds it, read on mount and every MAIL_QUEUE_POLL_MS while the screen is open. */
export function MailQueuePanel() {
  const s = useSnapshot(mailQueueStore);
  useEffect(() => {
    const controller = new AbortController();
    void loadMailQueue(controller.signal);
    const timer = setInterval(() => void loadMailQueue(controller.signal), MAIL_QUEUE_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, []);
  if (!s.loaded) {
    return s.error ? <ErrorDetails role="alert" className="mt-6" message={s.error} /> : null;
  }
  return (
    <MailQueue
      enabled={s.enabled}
      smtpDown={s.smtpDown}
      pending={s.pending}
      pendingTotal={s.pendingTotal}
      failures={s.failures}
      retrying={s.retrying}
      onRetry={(id) => void retryMail(id)}
      onRetryAll={() => void retryAllMail()}
    />
  );
}
