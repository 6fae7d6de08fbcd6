import { describe, expect, it } from 'vitest';
import {
  fieldsReducer,
  initialFieldsState,
  type TFieldsAction,
  type TFieldsState,
} from '@/lib/workspace/fields-reducer';
import { clampRect, resizeRect } from '@/lib/workspace/geometry';

const pages = [
  { width: 612, height: 792 },
  { width: 792, height: 612 },
];
const run = (actions: TFieldsAction[], state: TFieldsState = initialFieldsState) =>
  actions.reduce(fieldsReducer, state);
const loaded = run([{ type: 'load', pages, fields: [] }]);
const placeSig = (at = { x: 306, y: 396 }, page = 1): TFieldsAction => ({
  type: 'place',
  key: 'a',
  fieldType: 'signature',
  recipientKey: 'r1',
  page,
  at,
});

describe('the field layer reducer', () => {
  it('places a field of the default size centred on the drop point', () => {
    const state = run([placeSig()], loaded);
    expect(state.fields).toEqual([
      {
        key: 'a',
        type: 'signature',
        page: 1,
        x: 216,
        y: 371,
        width: 180,
        height: 50,
        required: true,
        recipientKey: 'r1',
      },
    ]);
  });

  it('keeps a field dropped at a corner inside the page', () => {
    const state = run([placeSig({ x: 610, y: 790 })], loaded);
    expect(state.fields[0]).toMatchObject({ x: 432, y: 742 });
  });

  it('gives radio and dropdown fields choices and date fields a format', () => {
    const state = run(
      [
        { type: 'place', key: 'r', fieldType: 'radio', recipientKey: 'r1', page: 1, at: { x: 50, y: 50 } },
        { type: 'place', key: 'd', fieldType: 'date', recipientKey: 'r1', page: 1, at: { x: 100, y: 100 } },
      ],
      loaded,
    );
    expect(state.fields[0]).toMatchObject({ width: 16, height: 16, options: ['Option 1', 'Option 2'] });
    expect(state.fields[1]).toMatchObject({ dateFormat: 'yyyy-MM-dd' });
  });

  it('moves a field placed from the keyboard clear of the fields already at that spot', () => {
    const place = (key: string, avoidOverlap: boolean, at = { x: 306, y: 396 }): TFieldsAction => ({
      type: 'place',
      key,
      fieldType: 'text',
      recipientKey: 'r1',
      page: 1,
      at,
      avoidOverlap,
    });
    const state = run([place('a', true), place('b', true), place('c', true), place('d', false)], loaded);
    expect(state.fields.map((field) => field.y)).toEqual([384, 412, 440, 384]);
    // At the foot of the page there is room only above.
    const low = run([place('e', true, { x: 306, y: 780 }), place('f', true, { x: 306, y: 780 })], loaded);
    expect(low.fields.map((field) => field.y)).toEqual([768, 740]);
  });

  it('refuses a page that does not exist', () => {
    expect(run([placeSig(undefined, 3)], loaded)).toBe(loaded);
  });

  it('moves by keyboard steps and clamps at the edges', () => {
    let state = run([placeSig(), { type: 'nudge', key: 'a', dx: 1, dy: 0 }], loaded);
    expect(state.fields[0]).toMatchObject({ x: 217, y: 371 });
    state = run([{ type: 'nudge', key: 'a', dx: 0, dy: -10 }], state);
    expect(state.fields[0]).toMatchObject({ x: 217, y: 361 });
    state = run([{ type: 'nudge', key: 'a', dx: 10_000, dy: 10_000 }], state);
    expect(state.fields[0]).toMatchObject({ x: 432, y: 742 });
  });

  it('moves to another page and clamps to that page', () => {
    const state = run([placeSig({ x: 306, y: 700 }), { type: 'move', key: 'a', page: 2, x: 100, y: 600 }], loaded);
    expect(state.fields[0]).toMatchObject({ page: 2, x: 100, y: 562 });
  });

  it('resizes from a corner within the page and not below the minimum', () => {
    const rect = { x: 100, y: 100, width: 150, height: 24 };
    expect(resizeRect(rect, 'se', 20, 6, pages[0]!)).toEqual({ x: 100, y: 100, width: 170, height: 30 });
    expect(resizeRect(rect, 'nw', -20, -10, pages[0]!)).toEqual({ x: 80, y: 90, width: 170, height: 34 });
    expect(resizeRect(rect, 'se', 10_000, 10_000, pages[0]!)).toEqual({ x: 100, y: 100, width: 512, height: 692 });
    expect(resizeRect(rect, 'ne', -1_000, 1_000, pages[0]!)).toEqual({ x: 100, y: 116, width: 8, height: 8 });
    expect(clampRect({ x: -5, y: 10, width: 900, height: 10 }, pages[0]!)).toEqual({
      x: 0,
      y: 10,
      width: 612,
      height: 10,
    });
    const state = run(
      [placeSig(), { type: 'resize', key: 'a', rect: { x: 500, y: 0, width: 300, height: 50 } }],
      loaded,
    );
    expect(state.fields[0]).toMatchObject({ x: 312, width: 300 });
  });

  it('duplicates next to the original and deletes', () => {
    let state = run([placeSig(), { type: 'duplicate', key: 'a', newKey: 'b' }], loaded);
    expect(state.fields.map((field) => [field.key, field.y])).toEqual([
      ['a', 371],
      ['b', 429],
    ]);
    state = run([{ type: 'remove', key: 'a' }], state);
    expect(state.fields.map((field) => field.key)).toEqual(['b']);
  });

  it('undoes changes one at a time, back to the empty page', () => {
    const state = run([placeSig(), { type: 'nudge', key: 'a', dx: 1, dy: 0 }, { type: 'remove', key: 'a' }], loaded);
    const once = run([{ type: 'undo' }], state);
    expect(once.fields[0]).toMatchObject({ x: 217 });
    const twice = run([{ type: 'undo' }], once);
    expect(twice.fields[0]).toMatchObject({ x: 216 });
    const thrice = run([{ type: 'undo' }, { type: 'undo' }], twice);
    expect(thrice.fields).toEqual([]);
  });

  it('takes consecutive edits of one setting back as one change, and ignores no-ops', () => {
    let state = run(
      [{ type: 'place', key: 't', fieldType: 'text', recipientKey: 'r1', page: 1, at: { x: 200, y: 200 } }],
      loaded,
    );
    state = run(
      ['N', 'Na', 'Nam'].map((label) => ({ type: 'update', key: 't', patch: { label }, tag: 't:label' }) as const),
      state,
    );
    expect(state.past).toHaveLength(2);
    expect(run([{ type: 'nudge', key: 't', dx: 0, dy: 0 }], state)).toBe(state);
    expect(run([{ type: 'undo' }], state).fields[0]?.label).toBeUndefined();
  });

  it("drops a removed recipient's fields from the list and from the undo history", () => {
    const state = run(
      [
        placeSig(),
        { type: 'place', key: 'b', fieldType: 'name', recipientKey: 'r2', page: 1, at: { x: 80, y: 80 } },
        { type: 'dropRecipient', recipientKey: 'r2' },
      ],
      loaded,
    );
    expect(state.fields.map((field) => field.key)).toEqual(['a']);
    expect(state.past.every((fields) => fields.every((field) => field.recipientKey === 'r1'))).toBe(true);
  });
});
