import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDialogController } from '@/components/dialogs/dialog-controller';
import {
  dialogTransition,
  initialDialogState,
  type TDialogBase,
  type TDialogState,
} from '@/components/dialogs/dialog-state';
import { listenForSignpadClose, SIGNPAD_CLOSED_EVENT } from '@/components/dialogs/signpad-bridge';

type D = TDialogBase & { name: string };
const a: D = { name: 'a' };
const bank: D = { name: 'bank', signingMethod: 'bankId' };

describe('dialogTransition (the modal dialog rules)', () => {
  it('opens a dialog on an empty stage with no effects', () => {
    const next = dialogTransition<D>(initialDialogState, { type: 'open', id: 1, dialog: a });
    expect(next).toEqual({ state: { active: { id: 1, dialog: a } }, effects: [] });
  });

  it('opening a new dialog closes the active one with result false and shows the signpad home', () => {
    const one: TDialogState<D> = { active: { id: 1, dialog: a } };
    const next = dialogTransition<D>(one, { type: 'open', id: 2, dialog: { name: 'b' } });
    expect(next.state.active).toEqual({ id: 2, dialog: { name: 'b' } });
    expect(next.effects).toEqual([{ kind: 'settle', id: 1, result: false }, { kind: 'showSignpadHome' }]);
  });

  it('closing settles with the result, shows the signpad home, and closes the bank-ID flow only for bankId', () => {
    expect(dialogTransition<D>({ active: { id: 3, dialog: a } }, { type: 'close', id: 3, result: 'yes' })).toEqual({
      state: { active: null },
      effects: [{ kind: 'settle', id: 3, result: 'yes' }, { kind: 'showSignpadHome' }],
    });
    expect(
      dialogTransition<D>({ active: { id: 4, dialog: bank } }, { type: 'close', id: 4, result: true }).effects,
    ).toEqual([{ kind: 'settle', id: 4, result: true }, { kind: 'showSignpadHome' }, { kind: 'closeBankId' }]);
  });

  it('a close of a dialog that is no longer active changes nothing', () => {
    const state: TDialogState<D> = { active: { id: 2, dialog: a } };
    const next = dialogTransition<D>(state, { type: 'close', id: 1, result: true });
    expect(next.state).toBe(state);
    expect(next.effects).toEqual([]);
  });

  it('the closed-by-signpad signal closes the active dialog with result false; with none open it does nothing', () => {
    expect(dialogTransition<D>({ active: { id: 5, dialog: bank } }, { type: 'closedBySignpad' })).toEqual({
      state: { active: null },
      effects: [{ kind: 'settle', id: 5, result: false }, { kind: 'showSignpadHome' }, { kind: 'closeBankId' }],
    });
    expect(dialogTransition<D>(initialDialogState, { type: 'closedBySignpad' }).effects).toEqual([]);
  });
});

describe('createDialogController', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves the replaced dialog with false and the new one with its button value', async () => {
    const bridge = { showHome: vi.fn(), closeBankId: vi.fn() };
    const controller = createDialogController<D>(bridge);
    const first = controller.open(a);
    const second = controller.open({ name: 'b' });
    await expect(first).resolves.toBe(false);
    expect(controller.getState().active?.dialog.name).toBe('b');
    controller.close(controller.getState().active!.id, 'accept');
    await expect(second).resolves.toBe('accept');
    expect(controller.getState().active).toBeNull();
    expect(bridge.showHome).toHaveBeenCalledTimes(2);
    expect(bridge.closeBankId).not.toHaveBeenCalled();
  });

  it('tells subscribers about every change, and only about changes', () => {
    const controller = createDialogController<D>({ showHome: () => {}, closeBankId: () => {} });
    const listener = vi.fn();
    const stop = controller.subscribe(listener);
    void controller.open(a);
    controller.close(99, true);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    controller.closedBySignpad();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(controller.getState().active).toBeNull();
  });

  it('the signpad signal closes the open bank-ID dialog after 100 ms with false and asks the bank-ID flow to close', async () => {
    vi.useFakeTimers();
    const bridge = { showHome: vi.fn(), closeBankId: vi.fn() };
    const controller = createDialogController<D>(bridge);
    const target = new EventTarget();
    const stop = listenForSignpadClose(target, controller.closedBySignpad);
    const result = controller.open(bank);
    target.dispatchEvent(new Event(SIGNPAD_CLOSED_EVENT));
    vi.advanceTimersByTime(99);
    expect(controller.getState().active).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(controller.getState().active).toBeNull();
    await expect(result).resolves.toBe(false);
    expect(bridge.closeBankId).toHaveBeenCalledTimes(1);
    // Stopping drops a signal still waiting for its 100 ms.
    void controller.open(a);
    target.dispatchEvent(new Event(SIGNPAD_CLOSED_EVENT));
    stop();
    vi.advanceTimersByTime(500);
    expect(controller.getState().active?.dialog).toBe(a);
  });
});
