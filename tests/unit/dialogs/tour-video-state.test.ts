import { describe, expect, it } from 'vitest';
import { initialTourState, tourHasNext, tourReducer } from '@/components/tour/tour-state';
import { emptyVideoState, videoReducer } from '@/components/tour/video-state';

describe('guided tour', () => {
  it('starts at step 0', () => {
    expect(tourReducer(initialTourState, { type: 'start', count: 3 })).toEqual({ count: 3, index: 0 });
  });

  it('Next moves forward only while steps remain', () => {
    let state = tourReducer(initialTourState, { type: 'start', count: 3 });
    state = tourReducer(state, { type: 'next' });
    expect(state.index).toBe(1);
    expect(tourHasNext(state)).toBe(true);
    state = tourReducer(state, { type: 'next' });
    expect(state.index).toBe(2);
    expect(tourHasNext(state)).toBe(false);
    expect(tourReducer(state, { type: 'next' })).toBe(state);
  });

  it('Skip sets the index to -1, from any step; Next then does nothing', () => {
    const started = tourReducer(initialTourState, { type: 'start', count: 2 });
    const skipped = tourReducer(started, { type: 'skip' });
    expect(skipped.index).toBe(-1);
    expect(tourReducer(tourReducer(started, { type: 'next' }), { type: 'skip' }).index).toBe(-1);
    expect(tourReducer(skipped, { type: 'next' })).toBe(skipped);
  });

  it('starting again (Help) begins at step 0; a tour without steps does not start', () => {
    const skipped = tourReducer(tourReducer(initialTourState, { type: 'start', count: 2 }), { type: 'skip' });
    expect(tourReducer(skipped, { type: 'start', count: 2 }).index).toBe(0);
    expect(tourReducer(initialTourState, { type: 'start', count: 0 }).index).toBe(-1);
  });
});

describe('video walkthrough', () => {
  const videos = ['one', 'two', 'three'];

  it('show starts at 0 if the list is non-empty, at -1 if it is empty', () => {
    expect(videoReducer(emptyVideoState<string>(), { type: 'show', videos })).toEqual({ videos, index: 0 });
    expect(videoReducer(emptyVideoState<string>(), { type: 'show', videos: [] })).toEqual({ videos: [], index: -1 });
  });

  it('next and previous are bounded', () => {
    let state = videoReducer(emptyVideoState<string>(), { type: 'show', videos });
    expect(videoReducer(state, { type: 'previous' })).toBe(state);
    state = videoReducer(videoReducer(state, { type: 'next' }), { type: 'next' });
    expect(state.index).toBe(2);
    expect(videoReducer(state, { type: 'next' })).toBe(state);
    expect(videoReducer(state, { type: 'previous' }).index).toBe(1);
    const none = emptyVideoState<string>();
    expect(videoReducer(none, { type: 'next' })).toBe(none);
    expect(videoReducer(none, { type: 'previous' })).toBe(none);
  });

  it('close clears the list', () => {
    const state = videoReducer(videoReducer(emptyVideoState<string>(), { type: 'show', videos }), { type: 'next' });
    expect(videoReducer(state, { type: 'close' })).toEqual({ videos: [], index: -1 });
  });
});
