'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { TPageOverlayInfo } from '@/components/viewer/types';
import type { TDraftField } from '@/lib/workspace/draft-types';
import type { TFieldsAction } from '@/lib/workspace/fields-reducer';
import { FieldBox } from './field-box';

type Props = {
  page: TPageOverlayInfo;
  fields: TDraftField[];
  selectedKey: string | null;
  focusKey: string | null;
  errorsOf: (key: string) => string[];
  colorOf: (recipientKey: string) => string;
  recipientName: (recipientKey: string) => string;
  readOnly: boolean;
  onSelect: (key: string | null) => void;
  onFocused: () => void;
  dispatch: (action: TFieldsAction) => void;
  onDuplicate: (key: string) => void;
};

/**
 * The fields of one page, over the viewer's drawn page (its renderPageOverlay
 * seam). The layer names its page and width in points, which is how drops
 * and drags find the page and point under the pointer.
 */
export function FieldLayer({
  page,
  fields,
  selectedKey,
  focusKey,
  errorsOf,
  colorOf,
  recipientName,
  readOnly,
  onSelect,
  onFocused,
  dispatch,
  onDuplicate,
}: Props) {
  const t = useTranslations('workspace');
  const size = { width: page.widthPt, height: page.heightPt };
  const onRemoved = useCallback(() => {
    onSelect(null);
    // Focus stays in the document rather than falling back to <body>.
    document
      .querySelector<HTMLElement>(`[data-viewer-page="${page.pageNumber}"]`)
      ?.closest<HTMLElement>('[role="region"]')
      ?.focus({ preventScroll: true });
  }, [onSelect, page.pageNumber]);
  return (
    <div
      data-field-layer={page.pageNumber}
      data-width-pt={page.widthPt}
      className="absolute inset-0"
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) onSelect(null);
      }}
    >
      {fields.map((field) => {
        const typeName = t(`types.${field.type}`);
        const who = recipientName(field.recipientKey);
        return (
          <FieldBox
            key={field.key}
            field={field}
            page={size}
            scale={page.scale}
            color={colorOf(field.recipientKey)}
            label={t('fieldLabel', {
              type: typeName,
              name: who,
              page: page.pageNumber,
              required: field.required ? 'yes' : 'no',
            })}
            text={field.label || typeName}
            errors={errorsOf(field.key)}
            selected={selectedKey === field.key}
            focus={focusKey === field.key}
            readOnly={readOnly}
            onSelect={onSelect}
            onFocused={onFocused}
            dispatch={dispatch}
            onRemoved={onRemoved}
            onDuplicate={() => onDuplicate(field.key)}
          />
        );
      })}
    </div>
  );
}
