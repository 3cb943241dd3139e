import { beforeEach, describe, expect, it } from 'vitest';
import { attention, dismissToast, MAX_TOASTS, resetSystem, systemStore, toast } from './store.ts';

beforeEach(resetSystem);

describe('one channel per message', () => {
  it('a toast is only a toast; attention is only in the pill', () => {
    toast.success('Cambios guardados');
    attention.error('Error al cargar portafolios');
    expect(systemStore.toasts.map((t) => t.message)).toEqual(['Cambios guardados']);
    expect(systemStore.messages.map((m) => m.message)).toEqual(['Error al cargar portafolios']);
    dismissToast(systemStore.toasts[0]!.id);
    expect(systemStore.toasts).toEqual([]);
    expect(systemStore.messages).toHaveLength(1);
  });

  it('sign-out clears both', () => {
    toast.info('a');
    attention.warning('b');
    systemStore.hold = true;
    resetSystem();
    expect(systemStore).toMatchObject({ toasts: [], messages: [], hold: false });
  });
});

describe('the toast stack stays small', () => {
  it('the same message again replaces the one on screen, with a new id (its time starts anew)', () => {
    toast.success('Notificación enviada a 1 persona');
    toast.error('Error al guardar');
    const first = systemStore.toasts[0]!.id;
    toast.success('Notificación enviada a 1 persona');
    expect(systemStore.toasts.map((t) => t.message)).toEqual([
      'Error al guardar',
      'Notificación enviada a 1 persona',
    ]);
    expect(systemStore.toasts[1]!.id).not.toBe(first);
    // The same text with another type is another message.
    toast.info('Error al guardar');
    expect(systemStore.toasts.map((t) => `${t.type}:${t.message}`)).toEqual([
      'error:Error al guardar',
      'success:Notificación enviada a 1 persona',
      'info:Error al guardar',
    ]);
  });

  it(`never more than ${MAX_TOASTS}: a new one drops the oldest`, () => {
    for (let i = 1; i <= 5; i++) toast.success(`Aviso ${i}`);
    expect(systemStore.toasts.map((t) => t.message)).toEqual(['Aviso 3', 'Aviso 4', 'Aviso 5']);
  });
});
