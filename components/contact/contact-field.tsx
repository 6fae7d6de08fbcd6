import type { ReactNode } from 'react';

export const inputClass =
  'block w-full scroll-mt-28 rounded-lg border border-surface-border bg-surface px-form-x py-form-y text-base text-ink shadow-xs transition ' +
  'placeholder:text-ink-muted hover:border-primary-400 focus-visible:border-primary-500 ' +
  'aria-invalid:border-danger-600 dark:aria-invalid:border-danger-400';

type ContactFieldProps = {
  id: string;
  label: string;
  /** Shown after the label, e.g. "optional" or the required star. */
  marker?: ReactNode;
  hint?: string;
  error?: string;
  className?: string;
  /** Renders the control, given the ids it must point at. */
  children: (describedBy: string | undefined) => ReactNode;
};

/** Label, control, hint and inline error, wired with aria-describedby. */
export function ContactField({ id, label, marker, hint, error, className, children }: ContactFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        {label}
        {marker}
      </label>
      {children(describedBy)}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger-700 dark:text-danger-300" data-field-error="">
          {error}
        </p>
      ) : null}
    </div>
  );
}
