'use client';

import { useTranslations } from 'next-intl';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { TruncatedName } from '@/components/ui/truncated-name';
import type { TValidationReport } from '@/lib/api/v1/validate';
import { sendForValidation, type TValidationFailure } from './send-for-validation';
import { SignatureCard } from './signature-card';
import { SignetCard } from './signet-card';
import { VerdictBanner } from './verdict-banner';

type TState =
  | { step: 'idle' }
  | { step: 'checking'; name: string }
  | { step: 'done'; name: string; report: TValidationReport }
  | { step: 'refused'; name: string; failure: TValidationFailure };

/**
 * The validator: a drop zone with a real button (keyboard and screen readers
 * choose a file with it), then the verdict first and the details after. The
 * file goes to POST /api/v1/validate and nowhere else.
 */
export function ValidatorPanel() {
  const t = useTranslations('validator');
  const input = useRef<HTMLInputElement>(null);
  const result = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<TState>({ step: 'idle' });
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    // The answer replaces the drop zone: move focus to it, so it is read out and Tab continues from there.
    if (state.step === 'done' || state.step === 'refused') result.current?.focus();
  }, [state.step]);

  async function check(file: File | undefined) {
    if (!file) return;
    setState({ step: 'checking', name: file.name });
    const answer = await sendForValidation(file);
    setState(
      'report' in answer
        ? { step: 'done', name: file.name, report: answer.report }
        : { step: 'refused', name: file.name, failure: answer.failure },
    );
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void check(event.dataTransfer.files[0]);
  }

  function again() {
    if (input.current) input.current.value = '';
    setState({ step: 'idle' });
  }

  const checking = state.step === 'checking';
  return (
    <div className="space-y-6">
      {state.step === 'idle' || checking ? (
        <div
          data-testid="validator-drop"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-12 text-center transition ${
            dragging
              ? 'border-primary-600 bg-primary-50 dark:bg-primary-950'
              : 'border-surface-border bg-surface-raised'
          }`}
        >
          <p className="text-xl font-semibold">{t('drop.label')}</p>
          <p className="text-ink-muted">{t('drop.or')}</p>
          <button
            type="button"
            disabled={checking}
            onClick={() => input.current?.click()}
            className="rounded-lg bg-primary-700 px-6 py-3 font-semibold text-white transition hover:bg-primary-800 disabled:opacity-disabled"
          >
            {t('drop.choose')}
          </button>
          <input
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            className="hidden"
            data-testid="validator-file"
            onChange={(event) => void check(event.target.files?.[0])}
          />
          <p className="text-sm text-ink-muted">{t('drop.hint')}</p>
          <p role="status" aria-live="polite" className="min-h-6 max-w-full font-medium">
            {checking ? <TruncatedName text={t('drop.checking', { name: state.name })} lines={2} /> : ''}
          </p>
        </div>
      ) : (
        <div ref={result} tabIndex={-1} className="scroll-mt-[88px] space-y-6 outline-none">
          {state.step === 'refused' ? (
            <p
              role="alert"
              className="rounded-xl border-2 border-danger-600 bg-danger-50 p-5 text-lg font-semibold dark:bg-danger-950"
            >
              {t(`errors.${state.failure}`)}
            </p>
          ) : (
            <>
              <VerdictBanner verdict={state.report.verdict} fileName={state.name} />
              {state.report.signet ? <SignetCard signet={state.report.signet} /> : null}
              {state.report.signatures.map((signature, index) => (
                <SignatureCard key={`${index}-${signature.fieldName ?? ''}`} signature={signature} number={index + 1} />
              ))}
            </>
          )}
          <button
            type="button"
            onClick={again}
            className="rounded-lg border border-surface-border bg-surface-raised px-5 py-2.5 font-semibold transition hover:bg-surface-sunken"
          >
            {t('drop.another')}
          </button>
        </div>
      )}
    </div>
  );
}
