/**
 * Guided tour: starts at step 0, Next moves forward only while
 * steps remain, Skip sets the index to -1 (not running). A tour without steps
 * has nothing to show, so it does not start.
 */
export type TTourState = { count: number; index: number };

export type TTourAction = { type: 'start'; count: number } | { type: 'next' } | { type: 'skip' };

export const TOUR_NOT_RUNNING = -1;

export const initialTourState: TTourState = { count: 0, index: TOUR_NOT_RUNNING };

export function tourReducer(state: TTourState, action: TTourAction): TTourState {
  switch (action.type) {
    case 'start':
      return { count: action.count, index: action.count > 0 ? 0 : TOUR_NOT_RUNNING };
    case 'next':
      return state.index >= 0 && state.index < state.count - 1 ? { ...state, index: state.index + 1 } : state;
    case 'skip':
      return { ...state, index: TOUR_NOT_RUNNING };
  }
}

/** Whether Next has a step to move to (on the last step the tour offers Done instead). */
export const tourHasNext = (state: TTourState) => state.index >= 0 && state.index < state.count - 1;
