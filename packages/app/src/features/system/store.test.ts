import { beforeEach, describe, expect, it } from 'vitest';
import { attention, dismissToast, resetSystem, systemStore, toast } from './store.ts';

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
