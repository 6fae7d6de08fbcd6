import { defaultFieldSize, type TFieldType } from '@/lib/api/v1/enums';
import type { TDraftField } from './draft-types';
import { centredAt, clampRect, freeSpot, type TPageSize, type TRect } from './geometry';

/** How many changes Ctrl+Z can take back. */
export const UNDO_LIMIT = 200;

export type TFieldsState = {
  pages: TPageSize[];
  fields: TDraftField[];
  /** Earlier field lists, newest last. */
  past: TDraftField[][];
  /** Consecutive edits with the same tag (typing a label) are one change for undo. */
  lastTag: string | null;
};

export type TFieldsAction =
  | { type: 'load'; pages: TPageSize[]; fields: TDraftField[] }
  /** `avoidOverlap`: placed from the keyboard at the page's centre, so it moves clear of fields already there. */
  | {
      type: 'place';
      key: string;
      fieldType: TFieldType;
      recipientKey: string;
      page: number;
      at: { x: number; y: number };
      avoidOverlap?: boolean;
    }
  | { type: 'move'; key: string; page?: number; x: number; y: number }
  | { type: 'nudge'; key: string; dx: number; dy: number }
  | { type: 'resize'; key: string; rect: TRect }
  | {
      type: 'update';
      key: string;
      patch: Partial<Omit<TDraftField, 'key' | 'type' | 'page' | 'x' | 'y' | 'width' | 'height'>>;
      tag?: string;
    }
  | { type: 'duplicate'; key: string; newKey: string }
  | { type: 'remove'; key: string }
  | { type: 'dropRecipient'; recipientKey: string }
  | { type: 'reassignAll'; recipientKey: string }
  | { type: 'undo' };

export const initialFieldsState: TFieldsState = { pages: [], fields: [], past: [], lastTag: null };

/** What a new field of a type starts with: the API's default size, choices for radio and dropdown. */
export function newFieldSettings(type: TFieldType): Partial<TDraftField> {
  if (type === 'radio' || type === 'dropdown') return { options: ['Option 1', 'Option 2'] };
  if (type === 'date') return { dateFormat: 'yyyy-MM-dd' };
  return {};
}

function commit(state: TFieldsState, fields: TDraftField[], tag: string | null = null): TFieldsState {
  if (fields === state.fields) return state;
  const sameEdit = tag !== null && tag === state.lastTag;
  const past = sameEdit ? state.past : [...state.past, state.fields].slice(-UNDO_LIMIT);
  return { ...state, fields, past, lastTag: tag };
}

function change(
  state: TFieldsState,
  key: string,
  apply: (field: TDraftField, page: TPageSize) => TDraftField | null,
  tag?: string,
): TFieldsState {
  const index = state.fields.findIndex((field) => field.key === key);
  const field = state.fields[index];
  const page = field && state.pages[field.page - 1];
  if (!field || !page) return state;
  const next = apply(field, page);
  if (next === null || JSON.stringify(next) === JSON.stringify(field)) return state;
  return commit(state, state.fields.with(index, next), tag ?? null);
}

const place = (field: TDraftField, rect: TRect): TDraftField => ({ ...field, ...rect });

/** The field layer's changes as a pure function, with an undo stack; every geometry is clamped to its page. */
export function fieldsReducer(state: TFieldsState, action: TFieldsAction): TFieldsState {
  switch (action.type) {
    case 'load':
      return { pages: action.pages, fields: action.fields, past: [], lastTag: null };
    case 'place': {
      const page = state.pages[action.page - 1];
      if (!page || state.fields.some((field) => field.key === action.key)) return state;
      const centred = centredAt(action.at, defaultFieldSize(action.fieldType), page);
      const rect = action.avoidOverlap
        ? freeSpot(
            centred,
            state.fields.filter((field) => field.page === action.page),
            page,
          )
        : centred;
      const field: TDraftField = {
        key: action.key,
        type: action.fieldType,
        page: action.page,
        required: true,
        recipientKey: action.recipientKey,
        ...rect,
        ...newFieldSettings(action.fieldType),
      };
      return commit(state, [...state.fields, field]);
    }
    case 'move':
      return change(state, action.key, (field) => {
        const pageNumber = action.page ?? field.page;
        const target = state.pages[pageNumber - 1];
        if (!target) return null;
        return { ...place(field, clampRect({ ...field, x: action.x, y: action.y }, target)), page: pageNumber };
      });
    case 'nudge':
      return change(state, action.key, (field, page) =>
        place(field, clampRect({ ...field, x: field.x + action.dx, y: field.y + action.dy }, page)),
      );
    case 'resize':
      return change(state, action.key, (field, page) => place(field, clampRect(action.rect, page)));
    case 'update':
      return change(state, action.key, (field) => ({ ...field, ...action.patch }), action.tag);
    case 'duplicate': {
      const field = state.fields.find((candidate) => candidate.key === action.key);
      const page = field && state.pages[field.page - 1];
      if (!field || !page) return state;
      // Just below the original (or above it at the page's foot), so both stay visible.
      const below = field.y + field.height + 8;
      const y = below + field.height <= page.height ? below : field.y - field.height - 8;
      return commit(state, [
        ...state.fields,
        { ...field, key: action.newKey, ...clampRect({ ...field, x: field.x, y }, page) },
      ]);
    }
    case 'remove': {
      const fields = state.fields.filter((field) => field.key !== action.key);
      return fields.length === state.fields.length ? state : commit(state, fields);
    }
    case 'dropRecipient': {
      // The recipient is gone for good (its fields too): no undo may bring back a field without one.
      const keep = (fields: TDraftField[]) => fields.filter((field) => field.recipientKey !== action.recipientKey);
      return { ...state, fields: keep(state.fields), past: state.past.map(keep), lastTag: null };
    }
    case 'reassignAll': {
      if (state.fields.every((field) => field.recipientKey === action.recipientKey)) return state;
      return commit(
        state,
        state.fields.map((field) => ({ ...field, recipientKey: action.recipientKey })),
      );
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { ...state, fields: previous, past: state.past.slice(0, -1), lastTag: null };
    }
  }
}
