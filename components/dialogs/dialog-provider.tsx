'use client';

import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { Locale } from '@/lib/i18n/routing';
import { CONFIRM_PRESETS, type TConfirmPreset, type TPresetValues } from './confirm-presets';
import { createDialogController } from './dialog-controller';
import type { TDialogResult } from './dialog-state';
import type { TDialogContent, TDialogRequest } from './dialog-types';

export type { TDialogContent } from './dialog-types';
export type { TConfirmPreset } from './confirm-presets';
import { listenForSignpadClose } from './signpad-bridge';

export type TDialogApi = {
  /** Shows a dialog, closing any other; resolves with the chosen button's value, or false when dismissed. */
  open: (content: TDialogContent) => Promise<TDialogResult>;
  /** Shows a confirmation preset (confirm-presets.ts); true only when accepted. */
  confirm: (preset: TConfirmPreset, values?: TPresetValues) => Promise<boolean>;
};

const DialogContext = createContext<TDialogApi | null>(null);

// Headless UI's Dialog and next-intl's client runtime load with the first dialog, not with every page.
const DialogHost = lazy(() => import('./dialog-host').then((module) => ({ default: module.DialogHost })));

/**
 * One dialog at a time for the signed-in pages (the (app) layout mounts it).
 * `messages` are the dialogs' own texts, given as props so pages without a
 * dialog open load no translation runtime for them.
 */
export function DialogProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: Record<string, unknown>;
  children: ReactNode;
}) {
  const [controller] = useState(() => createDialogController<TDialogRequest>());
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  const [used, setUsed] = useState(false);
  if (state.active && !used) setUsed(true);

  useEffect(() => listenForSignpadClose(window, controller.closedBySignpad), [controller]);

  const api = useMemo<TDialogApi>(
    () => ({
      open: (content) => controller.open({ kind: 'content', content, signingMethod: content.signingMethod }),
      confirm: async (preset, values) => {
        if (!Object.hasOwn(CONFIRM_PRESETS, preset)) throw new Error(`unknown confirmation preset ${preset}`);
        return (await controller.open({ kind: 'preset', preset, values })) === true;
      },
    }),
    [controller],
  );

  return (
    <DialogContext.Provider value={api}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <DialogHost locale={locale} messages={messages} active={state.active} onClose={controller.close} />
        </Suspense>
      ) : null}
    </DialogContext.Provider>
  );
}

export function useDialog(): TDialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useDialog() needs a <DialogProvider> above it (the (app) layout has one)');
  return api;
}

/** `const ok = await confirm('send-to-sign')`. */
export function useConfirm(): TDialogApi['confirm'] {
  return useDialog().confirm;
}
