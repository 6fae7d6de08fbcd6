'use client';

import { NextIntlClientProvider, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import type { Locale } from '@/lib/i18n/routing';
import { CONFIRM_PRESETS } from './confirm-presets';
import type { TDialogRequest } from './dialog-types';
import type { TDialogResult } from './dialog-state';
import { PresetIcon } from './preset-icon';

type Props = {
  locale: Locale;
  messages: Record<string, unknown>;
  active: { id: number; dialog: TDialogRequest } | null;
  onClose: (id: number, result: TDialogResult) => void;
};

/** Renders the active dialog; loaded with the first one, and brings its own messages (see DialogProvider). */
export function DialogHost({ locale, messages, active, onClose }: Props) {
  return (
    <NextIntlClientProvider locale={locale} messages={messages}>
      {/* Keyed by id: a dialog that replaces another starts fresh (focus, scroll). */}
      {active ? <ActiveDialog key={active.id} id={active.id} dialog={active.dialog} onClose={onClose} /> : null}
    </NextIntlClientProvider>
  );
}

function ActiveDialog({ id, dialog, onClose }: { id: number; dialog: TDialogRequest; onClose: Props['onClose'] }) {
  const t = useTranslations('dialogs');
  const close = useCallback((result: TDialogResult) => onClose(id, result), [id, onClose]);
  if (dialog.kind === 'content') {
    const { body, ...content } = dialog.content;
    return (
      <ModalDialog open {...content} closeLabel={t('close')} onClose={close}>
        {body}
      </ModalDialog>
    );
  }
  const { tone, icon } = CONFIRM_PRESETS[dialog.preset];
  const text = (key: 'header' | 'message' | 'accept' | 'reject') => t(`presets.${dialog.preset}.${key}`, dialog.values);
  const danger = tone === 'danger';
  return (
    <ModalDialog
      open
      alert
      tone={tone}
      icon={<PresetIcon name={icon} />}
      title={text('header')}
      closeLabel={t('close')}
      onClose={close}
      // A dangerous step starts on the safe answer, so a stray Enter does not delete anything.
      buttons={[
        { label: text('reject'), value: false, tone: 'secondary', autoFocus: danger },
        { label: text('accept'), value: true, tone: danger ? 'danger' : 'primary', autoFocus: !danger },
      ]}
    >
      <p data-dialog-preset={dialog.preset}>{text('message')}</p>
    </ModalDialog>
  );
}
