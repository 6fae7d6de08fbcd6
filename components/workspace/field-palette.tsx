'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState, type PointerEvent } from 'react';
import { fieldTypes, type TFieldType } from '@/lib/api/v1/enums';
import { FieldIcon } from './field-icon';
import { pointOnPage, type TPagePoint } from './page-point';

type Props = {
  disabled: boolean;
  /** A click, Enter or Space: the field goes to the centre of the page in view. */
  onPlace: (type: TFieldType) => void;
  /** A drag let go over a page: the field is centred where it was dropped. */
  onDrop: (type: TFieldType, at: TPagePoint) => void;
};

type TGhost = { type: TFieldType; x: number; y: number };

/**
 * The eleven field types, each name whole: a long one ("Radio buttons", most
 * in Czech or Portuguese) wraps onto a second line rather than being cut off.
 * Each is a button (keyboard and click place it in view) that can also be
 * dragged onto a page with a mouse, pen or finger (pointer events;
 * touch-action none so a finger drags instead of scrolling).
 */
export function FieldPalette({ disabled, onPlace, onDrop }: Props) {
  const t = useTranslations('workspace');
  const drag = useRef<{ type: TFieldType; startX: number; startY: number; dragging: boolean } | null>(null);
  const dragged = useRef(false);
  const [ghost, setGhost] = useState<TGhost | null>(null);

  const down = (type: TFieldType) => (event: PointerEvent<HTMLButtonElement>) => {
    if (disabled || event.button !== 0) return;
    dragged.current = false;
    drag.current = { type, startX: event.clientX, startY: event.clientY, dragging: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const move = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current) return;
    if (!current.dragging && Math.hypot(event.clientX - current.startX, event.clientY - current.startY) < 6) return;
    current.dragging = true;
    setGhost({ type: current.type, x: event.clientX, y: event.clientY });
  };
  const up = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    drag.current = null;
    setGhost(null);
    if (!current?.dragging) return;
    dragged.current = true; // the click that follows is not a placement
    const at = pointOnPage(event.clientX, event.clientY);
    if (at) onDrop(current.type, at);
  };

  return (
    <>
      <ul data-tour="field-palette" className="grid grid-cols-2 gap-1.5" aria-label={t('palette')}>
        {fieldTypes.map((type) => (
          <li key={type}>
            <button
              type="button"
              disabled={disabled}
              data-palette-type={type}
              onPointerDown={down(type)}
              onPointerMove={move}
              onPointerUp={up}
              onPointerCancel={() => {
                drag.current = null;
                setGhost(null);
              }}
              onClick={() => {
                if (dragged.current) dragged.current = false;
                else onPlace(type);
              }}
              title={t('placeHint')}
              className="flex h-full w-full touch-none items-center gap-2 rounded-lg border border-surface-border bg-surface px-2.5 py-2 text-left text-sm font-medium text-ink hover:border-primary-500 hover:bg-primary-50 disabled:cursor-not-allowed disabled:opacity-60 dark:hover:bg-primary-950"
            >
              <FieldIcon type={type} className="h-4 w-4 shrink-0 text-primary-700 dark:text-primary-300" />
              <span className="min-w-0 leading-tight [overflow-wrap:anywhere]">{t(`types.${type}`)}</span>
            </button>
          </li>
        ))}
      </ul>
      {ghost ? (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed z-overlay flex -translate-x-1/2 -translate-y-1/2 items-center gap-1.5 rounded-md border-2 border-primary-600 bg-primary-100/90 px-2 py-1 text-sm font-medium text-primary-900 shadow-lg"
          style={{ left: ghost.x, top: ghost.y }}
        >
          <FieldIcon type={ghost.type} />
          {t(`types.${ghost.type}`)}
        </div>
      ) : null}
    </>
  );
}
