import {
  dialogTransition,
  initialDialogState,
  type TDialogAction,
  type TDialogBase,
  type TDialogEffect,
  type TDialogResult,
  type TDialogState,
} from './dialog-state';
import { getSignpadBridge, type TSignpadBridge } from './signpad-bridge';

export type TDialogController<D extends TDialogBase> = {
  /** Shows the dialog (closing any other) and resolves with its result. */
  open: (dialog: D) => Promise<TDialogResult>;
  close: (id: number, result?: TDialogResult) => void;
  closedBySignpad: () => void;
  subscribe: (listener: () => void) => () => void;
  getState: () => TDialogState<D>;
};

/**
 * The one-dialog-at-a-time store behind useDialog(): a plain object (for
 * useSyncExternalStore) that runs dialogTransition and its effects, settling
 * each open() promise exactly once.
 */
export function createDialogController<D extends TDialogBase>(
  bridge: TSignpadBridge = getSignpadBridge(),
): TDialogController<D> {
  let state: TDialogState<D> = initialDialogState;
  let nextId = 1;
  const pending = new Map<number, (result: TDialogResult) => void>();
  const listeners = new Set<() => void>();

  const run = (effect: TDialogEffect) => {
    if (effect.kind === 'showSignpadHome') return bridge.showHome();
    if (effect.kind === 'closeBankId') return bridge.closeBankId();
    pending.get(effect.id)?.(effect.result);
    pending.delete(effect.id);
  };

  const dispatch = (action: TDialogAction<D>) => {
    const next = dialogTransition(state, action);
    if (next.state === state && next.effects.length === 0) return;
    state = next.state;
    next.effects.forEach(run);
    listeners.forEach((listener) => listener());
  };

  return {
    open: (dialog) => {
      const id = nextId++;
      const result = new Promise<TDialogResult>((resolve) => pending.set(id, resolve));
      dispatch({ type: 'open', id, dialog });
      return result;
    },
    close: (id, result = false) => dispatch({ type: 'close', id, result }),
    closedBySignpad: () => dispatch({ type: 'closedBySignpad' }),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: () => state,
  };
}
