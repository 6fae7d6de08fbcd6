'use client';

import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { TDraftField } from '@/lib/workspace/draft-types';
import type { TFieldsAction } from '@/lib/workspace/fields-reducer';
import { clampRect, resizeRect, type THandle, type TPageSize, type TRect } from '@/lib/workspace/geometry';
import { FieldIcon } from './field-icon';
import { pointOnPage } from './page-point';

type Props = {
  field: TDraftField;
  page: TPageSize;
  /** CSS px per point. */
  scale: number;
  color: string;
  /** The accessible name: type, recipient and page. */
  label: string;
  /** What the box shows: the field's label or its type. */
  text: string;
  errors: string[];
  selected: boolean;
  focus: boolean;
  readOnly: boolean;
  onSelect: (key: string | null) => void;
  onFocused: () => void;
  dispatch: (action: TFieldsAction) => void;
  /** Where focus goes after this field is deleted by keyboard. */
  onRemoved: () => void;
  onDuplicate: () => void;
};

type TDrag = {
  mode: 'move' | THandle;
  startX: number;
  startY: number;
  origin: TRect;
  moved: boolean;
  grab: { x: number; y: number };
};
const HANDLES: THandle[] = ['nw', 'ne', 'sw', 'se'];
const HANDLE_PLACE: Record<THandle, string> = {
  nw: '-left-1.5 -top-1.5 cursor-nwse-resize',
  ne: '-right-1.5 -top-1.5 cursor-nesw-resize',
  sw: '-left-1.5 -bottom-1.5 cursor-nesw-resize',
  se: '-right-1.5 -bottom-1.5 cursor-nwse-resize',
};

/**
 * One field on its page: drag to move (onto another page too), corner
 * handles to resize, arrows to move by 1 pt (Shift: 10), Delete to remove.
 * While dragging, only this box follows the pointer; the change is one step
 * for undo, recorded when the pointer is released.
 */
export function FieldBox({
  field,
  page,
  scale,
  color,
  label,
  text,
  errors,
  selected,
  focus,
  readOnly,
  onSelect,
  onFocused,
  dispatch,
  onRemoved,
  onDuplicate,
}: Props) {
  const drag = useRef<TDrag | null>(null);
  const [preview, setPreview] = useState<TRect | null>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focus) return;
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    onFocused();
  }, [focus, onFocused]);

  const start = (mode: TDrag['mode'], event: PointerEvent<HTMLElement>) => {
    if (readOnly || event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    onSelect(field.key);
    box.current?.focus({ preventScroll: true });
    event.currentTarget.setPointerCapture(event.pointerId);
    const rect = box.current?.getBoundingClientRect();
    const grab = rect
      ? { x: (event.clientX - rect.left) / scale, y: (event.clientY - rect.top) / scale }
      : { x: 0, y: 0 };
    drag.current = {
      mode,
      startX: event.clientX,
      startY: event.clientY,
      origin: { x: field.x, y: field.y, width: field.width, height: field.height },
      moved: false,
      grab,
    };
  };

  /** Where the drag puts the field for this pointer position (the preview while moving, the result when let go). */
  const rectAt = (current: TDrag, clientX: number, clientY: number): TRect => {
    const [dx, dy] = [(clientX - current.startX) / scale, (clientY - current.startY) / scale];
    const { origin } = current;
    return current.mode === 'move'
      ? clampRect({ ...origin, x: origin.x + dx, y: origin.y + dy }, page)
      : resizeRect(origin, current.mode, dx, dy, page);
  };

  const move = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    if (!current.moved && Math.abs(event.clientX - current.startX) + Math.abs(event.clientY - current.startY) < 3)
      return;
    current.moved = true;
    setPreview(rectAt(current, event.clientX, event.clientY));
  };

  // The result comes from where the pointer is let go, not from the last preview, which may not have rendered yet.
  const end = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    drag.current = null;
    setPreview(null);
    if (!current) return;
    const moved =
      current.moved || Math.abs(event.clientX - current.startX) + Math.abs(event.clientY - current.startY) >= 3;
    if (!moved) return;
    const rect = rectAt(current, event.clientX, event.clientY);
    if (current.mode !== 'move') return dispatch({ type: 'resize', key: field.key, rect });
    const target = pointOnPage(event.clientX, event.clientY);
    if (target && target.page !== field.page)
      dispatch({
        type: 'move',
        key: field.key,
        page: target.page,
        x: target.x - current.grab.x,
        y: target.y - current.grab.y,
      });
    else dispatch({ type: 'move', key: field.key, x: rect.x, y: rect.y });
  };

  const cancel = () => {
    drag.current = null;
    setPreview(null);
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (readOnly) return;
    const step = event.shiftKey ? 10 : 1;
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const delta = arrows[event.key];
    if (delta) {
      event.preventDefault();
      dispatch({ type: 'nudge', key: field.key, dx: delta[0], dy: delta[1] });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      dispatch({ type: 'remove', key: field.key });
      onRemoved();
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'd') {
      event.preventDefault();
      onDuplicate();
    } else if (event.key === 'Escape') onSelect(null);
  }

  const rect = preview ?? field;
  const errorId = `field-error-${field.key}`;
  const px = { left: rect.x * scale, top: rect.y * scale, width: rect.width * scale, height: rect.height * scale };
  const compact = px.height < 18 || px.width < 40;
  return (
    <div
      ref={box}
      // Read-only (after sending) a field is only shown: not a control, not a tab stop.
      role={readOnly ? 'group' : 'button'}
      tabIndex={readOnly ? undefined : 0}
      aria-label={label}
      aria-pressed={readOnly ? undefined : selected}
      aria-describedby={errors.length ? errorId : undefined}
      data-field-key={field.key}
      data-field-type={field.type}
      onPointerDown={(event) => start('move', event)}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={cancel}
      onKeyDown={onKeyDown}
      onFocus={() => onSelect(field.key)}
      className={`absolute flex touch-none items-center gap-1 overflow-visible rounded-sm border-2 px-1 text-[11px] leading-tight font-medium text-gray-950 outline-none select-none focus-visible:ring-2 focus-visible:ring-offset-1 focus-visible:ring-primary-600 ${readOnly ? 'cursor-default' : 'cursor-move'} ${errors.length ? 'border-danger-700 ring-2 ring-danger-600' : ''} ${selected && !errors.length ? 'shadow-lg ring-2 ring-primary-500/60' : ''}`}
      style={{
        ...px,
        borderColor: errors.length ? undefined : color,
        backgroundColor: `${color}29`,
        zIndex: selected ? 2 : 1,
      }}
    >
      <span className="flex min-w-0 items-center gap-1 overflow-hidden" style={{ color: 'inherit' }}>
        <FieldIcon type={field.type} className={`shrink-0 ${compact ? 'h-3 w-3' : 'h-3.5 w-3.5'}`} />
        {compact ? null : (
          <span className="truncate">
            {text}
            {field.required ? ' *' : ''}
          </span>
        )}
      </span>
      {selected && !readOnly
        ? HANDLES.map((handle) => (
            <span
              key={handle}
              aria-hidden="true"
              data-handle={handle}
              onPointerDown={(event) => start(handle, event)}
              onPointerMove={move}
              onPointerUp={end}
              onPointerCancel={cancel}
              className={`absolute h-3 w-3 touch-none rounded-full border-2 border-white bg-primary-700 shadow ${HANDLE_PLACE[handle]}`}
            />
          ))
        : null}
      {errors.length ? (
        <span
          id={errorId}
          role="alert"
          className="absolute top-full left-0 z-10 mt-1 w-max max-w-64 rounded bg-danger-700 px-1.5 py-0.5 text-[11px] font-medium text-white shadow"
        >
          {errors.join(' ')}
        </span>
      ) : null}
    </div>
  );
}
