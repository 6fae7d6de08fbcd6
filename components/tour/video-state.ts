/**
 * Video walkthrough: show starts at 0 if the list is non-empty
 * (-1 means none), next and previous are bounded, close clears the list.
 */
export type TVideoState<V> = { videos: readonly V[]; index: number };

export type TVideoAction<V> =
  { type: 'show'; videos: readonly V[] } | { type: 'next' } | { type: 'previous' } | { type: 'close' };

export const NO_VIDEO = -1;

export function emptyVideoState<V>(): TVideoState<V> {
  return { videos: [], index: NO_VIDEO };
}

export function videoReducer<V>(state: TVideoState<V>, action: TVideoAction<V>): TVideoState<V> {
  switch (action.type) {
    case 'show':
      return { videos: action.videos, index: action.videos.length > 0 ? 0 : NO_VIDEO };
    case 'next':
      return state.index >= 0 && state.index < state.videos.length - 1 ? { ...state, index: state.index + 1 } : state;
    case 'previous':
      return state.index > 0 ? { ...state, index: state.index - 1 } : state;
    case 'close':
      return emptyVideoState();
  }
}
