import { describe, expect, it } from 'vitest';
import { itemStatusLabels } from '../features/production/messages.ts';
import { statusTone } from '../features/production/status-tone.ts';
import { itemStatuses, roles } from './enums.ts';

describe('the API enumerations the app iterates', () => {
  it('lists the six statuses once each, in the flow order, each with a label and a tone', () => {
    expect(itemStatuses).toEqual([
      'draft',
      'internal_review',
      'internal_changes',
      'client_review',
      'client_changes',
      'approved',
    ]);
    for (const s of itemStatuses) {
      expect(itemStatusLabels[s]).toBeTruthy();
      expect(['default', 'info', 'success', 'warning', 'error', 'muted']).toContain(statusTone[s]);
    }
  });

  it('lists the three roles once each, the administrator first', () => {
    expect(roles).toEqual(['admin', 'employee', 'client']);
  });
});
