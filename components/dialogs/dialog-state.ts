/**
 * The modal dialog's rules as a pure transition, so
 * they are tested without a browser: one dialog at a time (opening one closes
 * the active one), closing shows the signpad home screen and, for bank-ID,
 * asks the bank-ID flow to close; the "closed by signpad" signal closes the
 * active dialog with result false.
 */

/** What a dialog answers: the value of the footer button chosen, or false when dismissed. */
export type TDialogResult = string | boolean;

/** The signing method in use while the dialog is open; only bank-ID has a flow to close. */
export type TSigningMethod = 'bankId' | 'signpad' | 'none';

export type TDialogBase = { signingMethod?: TSigningMethod };

export type TDialogState<D extends TDialogBase> = { active: { id: number; dialog: D } | null };

export type TDialogAction<D extends TDialogBase> =
  | { type: 'open'; id: number; dialog: D }
  | { type: 'close'; id: number; result: TDialogResult }
  | { type: 'closedBySignpad' };

export type TDialogEffect =
  { kind: 'settle'; id: number; result: TDialogResult } | { kind: 'showSignpadHome' } | { kind: 'closeBankId' };

export const initialDialogState = { active: null } as const satisfies TDialogState<TDialogBase>;

function closing<D extends TDialogBase>(active: { id: number; dialog: D }, result: TDialogResult): TDialogEffect[] {
  const effects: TDialogEffect[] = [{ kind: 'settle', id: active.id, result }, { kind: 'showSignpadHome' }];
  if (active.dialog.signingMethod === 'bankId') effects.push({ kind: 'closeBankId' });
  return effects;
}

export function dialogTransition<D extends TDialogBase>(
  state: TDialogState<D>,
  action: TDialogAction<D>,
): { state: TDialogState<D>; effects: TDialogEffect[] } {
  switch (action.type) {
    case 'open': {
      // The dialog it replaces is closed as if dismissed.
      const effects = state.active ? closing(state.active, false) : [];
      return { state: { active: { id: action.id, dialog: action.dialog } }, effects };
    }
    case 'close':
      // A late close of a dialog already replaced changes nothing.
      if (state.active?.id !== action.id) return { state, effects: [] };
      return { state: { active: null }, effects: closing(state.active, action.result) };
    case 'closedBySignpad':
      if (!state.active) return { state, effects: [] };
      return { state: { active: null }, effects: closing(state.active, false) };
  }
}
