import type { ReactNode } from 'react';
import type { TModalButtons } from '@/components/ui/modal-dialog';
import type { TConfirmPreset, TPresetValues } from './confirm-presets';
import type { TDialogBase } from './dialog-state';

/** A dialog a caller builds itself (its text already translated). */
export type TDialogContent = TDialogBase & {
  title: string;
  subtitle?: string;
  icon?: ReactNode;
  body?: ReactNode;
  buttons?: TModalButtons;
  tone?: 'default' | 'danger';
  dismissOnEscape?: boolean;
};

export type TDialogRequest = TDialogBase &
  ({ kind: 'preset'; preset: TConfirmPreset; values?: TPresetValues } | { kind: 'content'; content: TDialogContent });
