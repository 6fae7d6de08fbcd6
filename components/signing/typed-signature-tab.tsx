'use client';

import { useId } from 'react';
import type { TSignatureFontInfo } from '@/lib/signatures/signature-fonts';
import { previewFamily } from './use-signature-fonts';

type Props = {
  text: string;
  onText: (text: string) => void;
  font: string;
  onFont: (id: string) => void;
  fonts: readonly TSignatureFontInfo[];
  ready: ReadonlySet<string>;
  labels: { text: string; font: string; placeholder: string };
};

/** Type: the name (prefilled), and each handwriting font as a choice that previews it. */
export function TypedSignatureTab({ text, onText, font, onFont, fonts, ready, labels }: Props) {
  const inputId = useId();
  const name = useId();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-semibold">
          {labels.text}
        </label>
        <input
          id={inputId}
          value={text}
          maxLength={100}
          autoComplete="name"
          placeholder={labels.placeholder}
          onChange={(event) => onText(event.target.value)}
          className="rounded-lg border border-surface-border bg-surface-raised px-3 py-2 text-base text-ink"
          data-signature-text=""
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-semibold">{labels.font}</legend>
        {fonts.map((option) => (
          <label
            key={option.id}
            // White paper in both themes, so the native radio is drawn for a light background.
            style={{ colorScheme: 'light' }}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-surface-border bg-white px-3 py-2 text-[#0b1f4d] has-[:checked]:border-primary-700 has-[:checked]:ring-2 has-[:checked]:ring-primary-700"
          >
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={font === option.id}
              onChange={() => onFont(option.id)}
              className="accent-primary-700"
              data-signature-font={option.id}
            />
            <span className="sr-only">{option.family}</span>
            <span
              aria-hidden="true"
              className="min-w-0 flex-1 truncate text-3xl leading-tight"
              style={{
                fontFamily: `${previewFamily(option)}, cursive`,
                visibility: ready.has(option.id) ? 'visible' : 'hidden',
              }}
            >
              {text.trim() || labels.placeholder}
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
