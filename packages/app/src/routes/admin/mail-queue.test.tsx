import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MailFailure, PendingMail } from '../../features/mail/store.ts';
import { MailQueue, type MailQueueProps, nextAttemptText } from './mail-queue.tsx';

afterEach(cleanup);

/** A local moment as an ISO string (the screen shows local times). */
const at = (day: number, hours: number, minutes: number) =>
  new Date(2026, 2, day, hours, minutes).toISOString();
const now = new Date(2026, 2, 2, 13, 40);

const pending = (over: Partial<PendingMail> = {}): PendingMail => ({
  _id: 'm1',
  to: 'ana@estudio.test',
  template: 'action',
  status: 'pending',
  attempts: 2,
  error:
    'No se pudo conectar con el servidor de correo: comprueba que SMTP_URL apunte a un servidor en marcha',
  errorDetail: 'ECONNECTION: connect ECONNREFUSED 127.0.0.1:2525',
  nextAttemptAt: at(2, 14, 5),
  ...over,
});
const failure = (id: string, to: string): MailFailure => ({
  _id: id,
  to,
  template: 'action',
  error: `El servidor de correo rechazó la dirección ${to}`,
  errorDetail: '550 No such mailbox',
  attempts: 1,
  failedAt: at(2, 12, 0),
});

const base: MailQueueProps = {
  enabled: true,
  smtpDown: false,
  pending: [],
  pendingTotal: 0,
  failures: [],
  retrying: null,
  onRetry: () => {},
  onRetryAll: () => {},
  now,
};

describe('MailQueue', () => {
  it('says when the next attempt comes, in local time', () => {
    expect(nextAttemptText(pending(), now)).toBe('Reintentará a las 14:05');
    expect(nextAttemptText(pending({ nextAttemptAt: at(3, 9, 30) }), now)).toMatch(
      /^Reintentará el 3 mar\.? a las 09:30$/,
    );
    expect(nextAttemptText(pending({ nextAttemptAt: at(2, 13, 0) }), now)).toBe('Se enviará en breve');
    expect(nextAttemptText(pending({ status: 'sending' }), now)).toBe('Enviándose ahora');
  });

  it('lists pending mail with its attempts, last error and next attempt', () => {
    render(<MailQueue {...base} pending={[pending()]} pendingTotal={1} />);
    const list = screen.getByRole('region', { name: 'Correos pendientes' });
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('ana@estudio.test');
    expect(item.textContent).toContain('2 intentos');
    expect(item.textContent).toContain('No se pudo conectar con el servidor de correo');
    expect(item.textContent).toContain('Reintentará a las 14:05');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when nothing waits and nothing failed', () => {
    render(<MailQueue {...base} />);
    expect(screen.getByText('Ningún correo pendiente')).toBeTruthy();
    expect(screen.getByText('Ningún correo fallido')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar todos' })).toBeNull();
  });

  it('shows a banner while the SMTP server cannot be reached', () => {
    render(<MailQueue {...base} smtpDown pending={[pending()]} pendingTotal={1} />);
    expect(screen.getByRole('alert').textContent).toContain('No se puede conectar con el servidor de correo');
  });

  it('offers «Reintentar» on each failed mail and «Reintentar todos»', async () => {
    const onRetry = vi.fn();
    const onRetryAll = vi.fn();
    const { rerender } = render(
      <MailQueue
        {...base}
        failures={[failure('f1', 'luis@estudio.test'), failure('f2', 'eva@estudio.test')]}
        onRetry={onRetry}
        onRetryAll={onRetryAll}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar el correo a eva@estudio.test' }));
    expect(onRetry).toHaveBeenCalledWith('f2');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar todos' }));
    expect(onRetryAll).toHaveBeenCalledOnce();
    // While a retry is under way the buttons wait.
    rerender(
      <MailQueue
        {...base}
        failures={[failure('f1', 'luis@estudio.test')]}
        retrying="all"
        onRetry={onRetry}
      />,
    );
    expect(
      (screen.getByRole('button', { name: 'Reintentar el correo a luis@estudio.test' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('says email is off without SMTP_URL', () => {
    render(<MailQueue {...base} enabled={false} />);
    expect(screen.getByText(/El correo está desactivado/)).toBeTruthy();
  });
});
