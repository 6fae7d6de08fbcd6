import { describe, expect, it } from 'vitest';
import { CONFIRM_PRESET_IDS, CONFIRM_PRESETS } from '@/components/dialogs/confirm-presets';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import pt from '@/messages/pt.json';

type TPresetText = Record<string, { header?: string; message?: string; accept?: string; reject?: string }>;

describe('confirmation presets', () => {
  it('are exactly the ten presets, the deleting and leaving ones in danger style', () => {
    expect(CONFIRM_PRESET_IDS).toEqual([
      'send-to-sign',
      'send-now-or-dashboard',
      'confirm-all-signed',
      'reject',
      'delete-user',
      'add-signature-free',
      'finalize-free',
      'remove-member',
      'leave-team',
      'delete-team',
    ]);
    expect(CONFIRM_PRESETS['delete-user'].tone).toBe('danger');
    expect(CONFIRM_PRESETS['remove-member'].tone).toBe('danger');
    expect(CONFIRM_PRESETS['leave-team'].tone).toBe('danger');
    expect(CONFIRM_PRESETS['delete-team'].tone).toBe('danger');
  });

  it.each([
    ['en', en],
    ['pt', pt],
    ['cs', cs],
    ['es', es],
  ] as const)('each has a header, message and accept/reject labels in %s', (_locale, messages) => {
    const presets = (messages as unknown as { dialogs: { presets: TPresetText } }).dialogs.presets;
    expect(Object.keys(presets).sort()).toEqual([...CONFIRM_PRESET_IDS].sort());
    for (const id of CONFIRM_PRESET_IDS) {
      for (const key of ['header', 'message', 'accept', 'reject'] as const)
        expect(presets[id]?.[key]?.trim(), `${id}.${key}`).toBeTruthy();
    }
  });

  it('send-now-or-dashboard answers Yes/No in English', () => {
    expect(en.dialogs.presets['send-now-or-dashboard']).toMatchObject({ accept: 'Yes', reject: 'No' });
  });
});
