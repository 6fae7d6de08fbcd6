'use client';

import { useTranslations } from 'next-intl';
import type { TField } from '@/lib/api/v1/fields';
import { isFilled } from '@/lib/signing/signing-steps';
import { FieldEditor } from './field-editor';
import type { useFieldValues } from './use-field-values';

type Props = {
  steps: TField[];
  active: number;
  answers: ReturnType<typeof useFieldValues>;
  focusTick: number;
  /** 'checking': saving and checking before the confirmation (the button waits, unchanged); 'finishing': confirmed, being signed. */
  finishing: 'checking' | 'finishing' | null;
  onGo: (index: number) => void;
  onNext: () => void;
  onFinish: () => void;
  onDecline: () => void;
  onSign: (field: TField) => void;
};

const SECONDARY =
  'rounded-lg border border-surface-border bg-surface-raised px-4 py-2.5 font-semibold text-ink hover:bg-surface-sunken disabled:opacity-60';

/**
 * The "Next field" guide: where the signer is ("Field 3 of 5"), how much is
 * filled, the active field's input, and the way on (next, finish, decline).
 */
export function GuidePanel({
  steps,
  active,
  answers,
  focusTick,
  finishing,
  onGo,
  onNext,
  onFinish,
  onDecline,
  onSign,
}: Props) {
  const t = useTranslations('signing');
  const field = steps[active];
  const filled = steps.filter((step) => isFilled(step, answers.values[step.id])).length;
  return (
    <section aria-labelledby="guide-title" data-signing-guide="" className="space-y-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="guide-title" className="font-semibold">
          {t('guide.title')}
        </h2>
        {steps.length > 0 ? (
          <p data-guide-progress="" aria-live="polite" className="text-sm font-medium">
            {t('guide.progress', { current: active + 1, total: steps.length })}
          </p>
        ) : null}
      </div>
      {steps.length > 0 ? (
        <>
          <div>
            <div
              className="h-2 overflow-hidden rounded-full bg-surface-sunken"
              role="progressbar"
              aria-label={t('guide.filled', { count: filled, total: steps.length })}
              aria-valuemin={0}
              aria-valuemax={steps.length}
              aria-valuenow={filled}
            >
              <div
                className="h-full rounded-full bg-success-600 transition-all"
                style={{ width: `${(filled / steps.length) * 100}%` }}
              />
            </div>
            <p className="mt-1 text-xs text-ink-muted">{t('guide.filled', { count: filled, total: steps.length })}</p>
          </div>
          {field ? (
            <div className="rounded-lg border border-surface-border bg-surface p-3" data-guide-field={field.id}>
              <FieldEditor
                key={field.id}
                field={field}
                value={answers.values[field.id] ?? null}
                error={answers.errors[field.id]}
                busy={answers.busy === field.id}
                focusTick={focusTick}
                onChange={(value) => answers.change(field, value)}
                onCommit={(value) => {
                  if (value !== undefined) answers.change(field, value);
                  void answers.save(field, value);
                }}
                onUpload={(file) => void answers.upload(field, file)}
                onSign={() => onSign(field)}
                onEnter={onNext}
              />
            </div>
          ) : null}
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => onGo((active - 1 + steps.length) % steps.length)}
              className={SECONDARY}
              aria-label={t('guide.previous')}
              disabled={steps.length < 2}
            >
              <span aria-hidden="true">←</span>
            </button>
            <button
              type="button"
              onClick={onNext}
              data-guide-next=""
              className="flex-1 rounded-lg bg-primary-700 px-4 py-2.5 font-semibold text-white hover:bg-primary-800"
            >
              {t('guide.next')}
            </button>
          </div>
          {filled === steps.length ? (
            <p className="text-sm text-success-800 dark:text-success-300">{t('guide.allDone')}</p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-ink-muted">{t('guide.none')}</p>
      )}
      <div className="flex flex-col gap-2 border-t border-surface-border pt-3">
        <button
          type="button"
          onClick={onFinish}
          disabled={finishing !== null}
          data-signing-finish=""
          className="rounded-lg bg-success-700 px-4 py-2.5 font-semibold text-white hover:bg-success-800 disabled:opacity-60"
        >
          {finishing === 'finishing' ? t('finish.working') : t('finish.button')}
        </button>
        <button type="button" onClick={onDecline} data-signing-decline="" className={SECONDARY}>
          {t('decline.button')}
        </button>
      </div>
    </section>
  );
}
