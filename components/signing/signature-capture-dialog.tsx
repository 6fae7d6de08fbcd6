'use client';

/**
 * The signature capture dialog of the signing page, in the app's modal dialog
 * (docs/signatures.md, "The capture dialog").
 *
 *   <SignatureCaptureDialog
 *     open={open}
 *     mode="signature"                 // or "initials": smaller pad, initials prefilled, "…all my initials fields"
 *     fonts={signing.fonts}            // GET /api/v1/signing/{token} → fonts (ids, first = default)
 *     signerName={signing.recipient.name}
 *     onClose={() => setOpen(false)}   // Cancel, the close icon or Escape: nothing captured
 *     onDone={(body, applyToAll) => …} // body: a signature body (docs/signatures.md), ready for
 *   />                                 //   PUT /api/v1/signing/{token}/fields/{fieldId} as { signature: body }
 *
 * Tabs: Draw (every coalesced pointer sample with pressure, tilt, twist and
 * pointer type; drawn with the outline the server stores), Type (a handwriting
 * font with preview) and Upload (PNG/JPEG checked here and again on the server).
 * `applyToAll` is the "Use this signature for all my … fields" box: the caller
 * PUTs the same body to each of the signer's empty fields of that type (the
 * API needs nothing more; each field gets its own biometric record, bound to it).
 * Needs next-intl messages of the `signatureCapture` namespace. The dialog stays
 * mounted while open; it starts empty each time it opens.
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import type { TSignatureBody } from '@/lib/api/v1/signature-body';
import {
  buildDrawnBody,
  buildImageBody,
  buildTypedBody,
  initialsOf,
  type TBuildResult,
} from '@/lib/signatures/signature-body-builder';
import { ImageSignatureTab } from './image-signature-tab';
import { SignatureDrawPad, type TDrawPadHandle } from './signature-draw-pad';
import { TypedSignatureTab } from './typed-signature-tab';
import { offeredFonts, useSignatureFonts } from './use-signature-fonts';

export type TSignatureCaptureMode = 'signature' | 'initials';

export type TSignatureCaptureDialogProps = {
  open: boolean;
  mode: TSignatureCaptureMode;
  fonts: readonly string[];
  signerName: string;
  onClose: () => void;
  onDone: (body: TSignatureBody, applyToAll: boolean) => void;
};

const TABS = ['draw', 'type', 'upload'] as const;
const TAB_CLASS =
  'rounded-md px-4 py-2 text-sm font-semibold text-ink-muted outline-none data-focus:ring-2 data-focus:ring-primary-700 data-hover:text-ink data-selected:bg-surface-raised data-selected:text-ink data-selected:shadow';

export function SignatureCaptureDialog(props: TSignatureCaptureDialogProps) {
  // Keyed by open: each opening starts with an empty pad and the signer's name.
  return props.open ? <CaptureDialog key="open" {...props} /> : null;
}

function CaptureDialog({ mode, fonts, signerName, onClose, onDone }: TSignatureCaptureDialogProps) {
  const t = useTranslations('signatureCapture');
  const [tab, setTab] = useState(0);
  const [hasInk, setHasInk] = useState(false);
  const [text, setText] = useState(() => (mode === 'initials' ? initialsOf(signerName) : signerName.trim()));
  const offered = useMemo(() => offeredFonts(fonts), [fonts]);
  const [font, setFont] = useState(offered[0]!.id as string);
  const [image, setImage] = useState<string | null>(null);
  const [applyToAll, setApplyToAll] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pad = useRef<TDrawPadHandle>(null);
  const ready = useSignatureFonts(offered, tab === 1);

  const build = useCallback((): TBuildResult => {
    if (TABS[tab] === 'draw') {
      const drawn = pad.current?.snapshot();
      return drawn ? buildDrawnBody(drawn.strokes, drawn.width, drawn.height) : { ok: false, reason: 'empty' };
    }
    if (TABS[tab] === 'type') return buildTypedBody(text, font);
    return buildImageBody(image);
  }, [tab, text, font, image]);

  const onResult = (result: string | boolean) => {
    if (result !== 'done') return onClose();
    const built = build();
    if (!built.ok) return setError(t(`errors.${TABS[tab]}.${built.reason}`));
    onDone(built.body, applyToAll);
  };

  const initials = mode === 'initials';
  return (
    <ModalDialog
      open
      title={t(initials ? 'titleInitials' : 'title')}
      subtitle={t('subtitle')}
      closeLabel={t('close')}
      onClose={onResult}
      buttons={[
        { label: t('cancel'), value: false, tone: 'secondary' },
        { label: t(initials ? 'doneInitials' : 'done'), value: 'done', tone: 'primary' },
      ]}
    >
      <div data-signature-capture={mode} className="flex flex-col gap-4">
        <TabGroup
          selectedIndex={tab}
          onChange={(index) => {
            setTab(index);
            setError(null);
          }}
        >
          <TabList aria-label={t('methods')} className="flex gap-1 rounded-lg bg-surface-sunken p-1">
            {TABS.map((name) => (
              <Tab key={name} className={TAB_CLASS} data-signature-tab={name}>
                {t(`tabs.${name}`)}
              </Tab>
            ))}
          </TabList>
          <TabPanels className="mt-4">
            <TabPanel unmount={false} className="flex flex-col gap-2 outline-none">
              <p className="text-sm text-ink-muted">{t(initials ? 'drawHintInitials' : 'drawHint')}</p>
              <div className={initials ? 'flex w-full max-w-[340px] flex-col gap-2' : 'flex w-full flex-col gap-2'}>
                <SignatureDrawPad
                  ref={pad}
                  label={t('padLabel')}
                  height={initials ? 160 : 200}
                  onInkChange={(ink) => {
                    setHasInk(ink);
                    setError(null);
                  }}
                />
                <button
                  type="button"
                  onClick={() => pad.current?.clear()}
                  disabled={!hasInk}
                  className="self-end rounded-lg px-3 py-1.5 text-sm font-semibold text-primary-700 hover:bg-surface-sunken disabled:text-ink-muted disabled:opacity-60 dark:text-primary-300"
                  data-signature-clear=""
                >
                  {t('clear')}
                </button>
              </div>
            </TabPanel>
            <TabPanel className="outline-none">
              <TypedSignatureTab
                text={text}
                onText={(value) => {
                  setText(value);
                  setError(null);
                }}
                font={font}
                onFont={setFont}
                fonts={offered}
                ready={ready}
                labels={{
                  text: t(initials ? 'typeLabelInitials' : 'typeLabel'),
                  font: t('fontLabel'),
                  placeholder: t(initials ? 'typePlaceholderInitials' : 'typePlaceholder'),
                }}
              />
            </TabPanel>
            <TabPanel className="outline-none">
              <ImageSignatureTab
                image={image}
                onImage={(value) => {
                  setImage(value);
                  setError(null);
                }}
                labels={{
                  choose: t('uploadLabel'),
                  hint: t('uploadHint'),
                  preview: t('uploadPreview'),
                  problem: (problem) => t(`imageProblems.${problem}`),
                }}
              />
            </TabPanel>
          </TabPanels>
        </TabGroup>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={applyToAll}
            onChange={(event) => setApplyToAll(event.target.checked)}
            className="h-4 w-4 accent-primary-700"
            data-signature-apply-all=""
          />
          {t(initials ? 'applyToAllInitials' : 'applyToAll')}
        </label>
        {error ? (
          <p
            role="alert"
            className="text-sm font-semibold text-danger-700 dark:text-danger-300"
            data-signature-error=""
          >
            {error}
          </p>
        ) : null}
      </div>
    </ModalDialog>
  );
}
