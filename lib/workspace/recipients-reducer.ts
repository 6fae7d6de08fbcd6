import type { TDraftRecipient } from './draft-types';

export type TRecipientsAction =
  | { type: 'load'; recipients: TDraftRecipient[] }
  | { type: 'add'; recipient: TDraftRecipient }
  | { type: 'update'; key: string; patch: Partial<Omit<TDraftRecipient, 'key' | 'id'>> }
  | { type: 'remove'; key: string }
  /** Moves the recipient at `from` to position `to` (0-based), as a drag or the up/down buttons do. */
  | { type: 'move'; from: number; to: number }
  /** The server's ids after a save, by key. */
  | { type: 'saved'; ids: Record<string, string> }
  /** "Only me": the owner alone, as the one signer. */
  | { type: 'replaceAll'; recipient: TDraftRecipient };

/** Moves one item; out-of-range positions change nothing. */
export function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The recipient list in signing order (its position is its order). */
export function recipientsReducer(state: TDraftRecipient[], action: TRecipientsAction): TDraftRecipient[] {
  switch (action.type) {
    case 'load':
      return action.recipients;
    case 'add':
      return state.some((recipient) => recipient.key === action.recipient.key) ? state : [...state, action.recipient];
    case 'update':
      return state.map((recipient) => (recipient.key === action.key ? { ...recipient, ...action.patch } : recipient));
    case 'remove':
      return state.filter((recipient) => recipient.key !== action.key);
    case 'move':
      return moveItem(state, action.from, action.to);
    case 'saved': {
      const changed = state.some(
        (recipient) => action.ids[recipient.key] && action.ids[recipient.key] !== recipient.id,
      );
      return changed
        ? state.map((recipient) =>
            action.ids[recipient.key] ? { ...recipient, id: action.ids[recipient.key] } : recipient,
          )
        : state;
    }
    case 'replaceAll':
      return [action.recipient];
  }
}
