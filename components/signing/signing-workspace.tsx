'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { TruncatedName } from '@/components/ui/truncated-name';
import {
  LazyDocumentViewer,
  type TDocumentViewerHandle,
  type TPageOverlayInfo,
} from '@/components/viewer/lazy-document-viewer';
import type { TField } from '@/lib/api/v1/fields';
import type { TSigningSession } from '@/lib/api/v1/signing-session';
import { ApiProblem } from '@/lib/client/v1-api';
import { firstNamedField, guideSteps, isFilled, missingRequired, nextStep } from '@/lib/signing/signing-steps';
import { AuthPanel } from './auth-panel';
import { ConsentPanel } from './consent-panel';
import { useConfirm } from '@/components/dialogs/dialog-provider';
import { DeclineDialog } from './decline-dialog';
import { EidPanel } from './eid-panel';
import { GuidePanel } from './guide-panel';
import { SignatureCaptureDialog } from './signature-capture-dialog';
import { SigningOverlay } from './signing-overlay';
import type { TSigningEnd } from './signing-end';
import { completeSigning, goneReason, signingPath } from './signing-requests';
import { useFieldValues } from './use-field-values';

type Props = { token: string; session: TSigningSession; onEnd: (end: TSigningEnd) => void };

/** The document with the signer's fields over it, and beside it (below, on a phone) consent, then the guide. */
export function SigningWorkspace({ token, session, onEnd }: Props) {
  const t = useTranslations('signing');
  const viewer = useRef<TDocumentViewerHandle>(null);
  const [consented, setConsented] = useState(session.consent.given || !session.consent.required);
  const [authed, setAuthed] = useState(session.auth.satisfied);
  // The field the guide shows, whose refusals its own error line states (no toast repeats them).
  const shown = useRef<string | null>(null);
  const answers = useFieldValues(
    token,
    session,
    onEnd,
    (needs) => (needs === 'consent' ? setConsented(false) : setAuthed(false)),
    () => shown.current,
  );
  const steps = useMemo(() => guideSteps(session.fields), [session.fields]);
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      steps.findIndex((step) => !isFilled(step, answers.values[step.id])),
    ),
  );
  const [focusTick, setFocusTick] = useState(0);
  const [finishing, setFinishing] = useState<'checking' | 'finishing' | null>(null);
  const [declining, setDeclining] = useState(false);
  const confirm = useConfirm();
  const [capturing, setCapturing] = useState<TField | null>(null);
  // Consent, then the authentication the sender asked for (a one-time code by email, or an eID sign-in).
  const step = !consented ? 'consent' : !authed ? 'auth' : 'guide';
  const eid = session.auth.method === 'oidc';
  const pdfUrl = `/api/v1${signingPath(token, '/pdf')}`;
  const sender = session.sender.name;

  const go = useCallback(
    (index: number, scroll = true) => {
      const field = steps[index];
      if (!field) return;
      setActive(index);
      if (scroll) viewer.current?.scrollToPage(field.page, field.y);
      setFocusTick((tick) => tick + 1);
    },
    [steps],
  );
  const goToField = (field: TField) => go(steps.findIndex((step) => step.id === field.id));
  const onActivate = (field: TField) => {
    if (step === 'consent') return document.getElementById('signing-consent-check')?.focus();
    if (step === 'auth') return document.querySelector<HTMLElement>('[data-signing-auth] button, #otp-code')?.focus();
    const index = steps.findIndex((step) => step.id === field.id);
    if (index >= 0) go(index, false);
  };
  const next = async () => {
    const field = steps[active];
    if (field && !(await answers.save(field))) return;
    go(nextStep(steps, answers.values, active));
  };
  const finish = async () => {
    setFinishing('checking');
    try {
      // What is shown but not yet stored (a prefilled name, an input still focused) is saved first.
      for (const field of steps) if (!(await answers.save(field))) return goToField(field);
      const missing = missingRequired(session.fields, answers.values);
      if (missing[0]) {
        toast.error(t('finish.missing', { count: missing.length }));
        return goToField(missing[0]);
      }
      // The confirm-all-signed question: the last look before the signature becomes final.
      if (!(await confirm('confirm-all-signed'))) return;
      // Only now is anything being finished: while the question was open, the signer could still say no.
      setFinishing('finishing');
      const { everyoneSigned } = await completeSigning(token);
      // An eID name the sender did not type: they accept it before the document is sealed.
      onEnd({ kind: 'signed', sender, everyoneSigned, reviewPending: session.auth.nameMatches === false });
    } catch (error) {
      const gone = goneReason(error);
      if (gone) return onEnd({ kind: 'gone', reason: gone });
      const named = error instanceof ApiProblem ? firstNamedField(session.fields, error.errors) : undefined;
      if (named) goToField(named);
      toast.error(
        t('finish.failed', { reason: error instanceof ApiProblem ? (error.detail ?? error.code) : t('offline') }),
      );
    } finally {
      setFinishing(null);
    }
  };

  const onPage = useMemo(() => {
    const order = new Map(steps.map((step, index) => [step.id, index]));
    return (pageNumber: number) =>
      session.fields
        .filter((field) => field.page === pageNumber)
        .map((field) => ({ field, step: order.get(field.id) ?? -1 }));
  }, [steps, session.fields]);
  const activeId = step === 'guide' ? (steps[active]?.id ?? null) : null;
  useEffect(() => {
    shown.current = activeId;
  }, [activeId]);
  const renderPageOverlay = (page: TPageOverlayInfo) => (
    <SigningOverlay
      page={page}
      fields={onPage(page.pageNumber)}
      others={session.otherFields.filter((other) => other.page === page.pageNumber)}
      values={answers.values}
      activeId={activeId}
      total={steps.length}
      onActivate={onActivate}
    />
  );
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-4">
      <div className="min-w-0 space-y-2 lg:col-span-2">
        <TruncatedName as="h1" text={session.document.name} lines={2} className="text-lg font-bold sm:text-xl" />
        <p className="flex flex-wrap items-baseline gap-x-1 text-sm text-ink-muted">
          <TruncatedName text={t('from', { name: sender, email: session.sender.email })} lines={2} />
          <span aria-hidden="true">·</span>
          <a
            href={pdfUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-primary-700 underline dark:text-primary-300"
          >
            {t('download')}
          </a>
        </p>
      </div>
      <div className="min-w-0">
        <LazyDocumentViewer
          ref={viewer}
          src={pdfUrl}
          name={session.document.name}
          renderPageOverlay={renderPageOverlay}
          className="h-[50dvh] min-h-[18rem] lg:h-[calc(100dvh-11rem)]"
        />
      </div>
      <aside
        aria-label={t('guide.panel')}
        className="h-fit space-y-3 rounded-xl border border-surface-border bg-surface-raised p-4 shadow-sm lg:sticky lg:top-20"
      >
        {!consented ? (
          <ConsentPanel
            token={token}
            sender={sender}
            pdfUrl={pdfUrl}
            onEnd={onEnd}
            // Where the sender asked for authentication, declining waits for it (the server's rule), so only after consent.
            onDecline={session.auth.method === 'none' || session.auth.satisfied ? () => setDeclining(true) : undefined}
            onAccepted={() => {
              setConsented(true);
              go(active);
            }}
          />
        ) : null}
        {consented && !authed && eid ? (
          <EidPanel token={token} expectedName={session.recipient.name} auth={session.auth} onEnd={onEnd} />
        ) : null}
        {consented && !authed && !eid ? (
          <AuthPanel
            token={token}
            method={session.auth.method}
            sender={sender}
            onEnd={onEnd}
            onSatisfied={() => {
              setAuthed(true);
              go(active);
            }}
          />
        ) : null}
        {/* Declining is also offered before consent (ConsentPanel) where no authentication is asked for. */}
        {step === 'guide' && eid && session.auth.satisfied ? (
          <EidPanel token={token} expectedName={session.recipient.name} auth={session.auth} onEnd={onEnd} />
        ) : null}
        {step === 'guide' ? (
          <GuidePanel
            steps={steps}
            active={active}
            answers={answers}
            focusTick={focusTick}
            finishing={finishing}
            onGo={go}
            onNext={() => void next()}
            onFinish={() => void finish()}
            onDecline={() => setDeclining(true)}
            onSign={setCapturing}
          />
        ) : null}
      </aside>
      <SignatureCaptureDialog
        open={capturing !== null}
        mode={capturing?.type === 'initials' ? 'initials' : 'signature'}
        fonts={session.fonts}
        signerName={session.recipient.name}
        onClose={() => setCapturing(null)}
        onDone={(body, applyToAll) => {
          const field = capturing;
          setCapturing(null);
          if (field) void answers.sign(field, body, applyToAll);
        }}
      />
      <DeclineDialog open={declining} token={token} sender={sender} onClose={() => setDeclining(false)} onEnd={onEnd} />
    </div>
  );
}
