'use client';

import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, type ReactNode } from 'react';
import { TruncatedName } from './truncated-name';

export type TModalButton = {
  label: string;
  /** What the dialog answers when this button is chosen. */
  value: string | boolean;
  tone?: 'primary' | 'secondary' | 'danger';
  autoFocus?: boolean;
};

/** Up to four footer buttons: a fifth is a type error. */
export type TModalButtons =
  | readonly []
  | readonly [TModalButton]
  | readonly [TModalButton, TModalButton]
  | readonly [TModalButton, TModalButton, TModalButton]
  | readonly [TModalButton, TModalButton, TModalButton, TModalButton];

export type TModalDialogProps = {
  open: boolean;
  title: string;
  subtitle?: string;
  icon?: ReactNode;
  /** The close icon's accessible name. */
  closeLabel: string;
  children?: ReactNode;
  buttons?: TModalButtons;
  tone?: 'default' | 'danger';
  /** A confirmation is announced as an alert dialog. */
  alert?: boolean;
  dismissOnEscape?: boolean;
  /** A footer button's value, or false for the close icon and Escape. */
  onClose: (result: string | boolean) => void;
};

const BUTTON = 'w-full rounded-lg px-5 py-2.5 font-semibold transition min-[761px]:w-auto';
const TONES = {
  primary: `${BUTTON} bg-primary-700 text-white hover:bg-primary-800`,
  secondary: `${BUTTON} border border-surface-border bg-surface-raised text-ink hover:bg-surface-sunken`,
  danger: `${BUTTON} bg-danger-700 text-white hover:bg-danger-800`,
} as const;

/**
 * The app's one modal dialog: full-screen at 760 px wide or narrower,
 * otherwise 760 px wide (`min-[761px]`, since Tailwind's `dialog` screen
 * starts at 760 px itself); the footer stacks in a column at 760 px or less.
 * An overlay click does not close it: Headless UI reports outside clicks and
 * Escape through one onClose, so that is ignored and Escape is heard here.
 */
export function ModalDialog({
  open,
  title,
  subtitle,
  icon,
  closeLabel,
  children,
  buttons = [],
  tone = 'default',
  alert = false,
  dismissOnEscape = true,
  onClose,
}: TModalDialogProps) {
  useEffect(() => {
    if (!open || !dismissOnEscape) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onClose(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, dismissOnEscape, onClose]);

  return (
    <Dialog
      open={open}
      onClose={() => {}}
      role={alert ? 'alertdialog' : 'dialog'}
      className="relative z-modal"
      data-modal-dialog=""
    >
      <DialogBackdrop
        transition
        className="fixed inset-0 z-overlay bg-black/50 transition-opacity duration-200 data-closed:opacity-0"
        data-modal-overlay=""
      />
      <div className="fixed inset-0 z-modal flex items-stretch justify-center min-[761px]:items-center min-[761px]:py-8">
        <DialogPanel
          transition
          data-tone={tone}
          data-dialog-panel=""
          className="flex h-dvh w-full flex-col overflow-hidden bg-surface-raised text-ink shadow-2xl transition duration-200 data-closed:scale-95 data-closed:opacity-0 min-[761px]:h-auto min-[761px]:max-h-full min-[761px]:w-[760px] min-[761px]:rounded-xl min-[761px]:border min-[761px]:border-surface-border"
        >
          <div className="flex items-start gap-4 border-b border-surface-border px-5 py-4 sm:px-6">
            {icon ? (
              <span
                aria-hidden="true"
                className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${tone === 'danger' ? 'bg-danger-100 text-danger-700 dark:bg-danger-950 dark:text-danger-300' : 'bg-primary-100 text-primary-700 dark:bg-primary-950 dark:text-primary-300'}`}
              >
                {icon}
              </span>
            ) : null}
            <div className="min-w-0 flex-1">
              {/* Titles often carry a document's or a person's name: two lines at most, the whole title on hover and in the dialog's accessible name. */}
              <DialogTitle className="text-xl font-bold">
                <TruncatedName text={title} lines={2} />
              </DialogTitle>
              {subtitle ? (
                <TruncatedName as="p" text={subtitle} lines={2} className="mt-1 text-sm text-ink-muted" />
              ) : null}
            </div>
            <button
              type="button"
              onClick={() => onClose(false)}
              aria-label={closeLabel}
              data-dialog-close=""
              className="-mt-1 -mr-2 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-surface-sunken hover:text-ink"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          <Description as="div" className="flex-1 overflow-y-auto px-5 py-5 [overflow-wrap:anywhere] sm:px-6">
            {children}
          </Description>
          {buttons.length > 0 ? (
            <div
              data-dialog-footer=""
              className="flex flex-col gap-3 border-t border-surface-border px-5 py-4 sm:px-6 min-[761px]:flex-row min-[761px]:justify-end"
            >
              {buttons.map((button) => (
                <button
                  key={String(button.value)}
                  type="button"
                  autoFocus={button.autoFocus}
                  onClick={() => onClose(button.value)}
                  className={TONES[button.tone ?? 'secondary']}
                  data-dialog-button={String(button.value)}
                >
                  {button.label}
                </button>
              ))}
            </div>
          ) : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
