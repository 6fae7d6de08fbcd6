import { useTranslations } from 'next-intl';
import { doneNotes, type TDoneNote } from '@/lib/signing/done-notes';

/** After finishing (or declining): what was done and what happens next, so nobody wonders whether it worked. */
export function DoneView({
  kind,
  documentName,
  sender,
  everyoneSigned = false,
  reviewPending = false,
  selfSigned = false,
}: {
  kind: 'signed' | 'declined';
  documentName: string;
  sender: string;
  everyoneSigned?: boolean;
  /** The signer's eID gave another name: the sender accepts it before the document is sealed. */
  reviewPending?: boolean;
  /** The owner signed their own document ("Only me"): nobody else is told or invited. */
  selfSigned?: boolean;
}) {
  const t = useTranslations(kind === 'signed' ? 'signing.done' : 'signing.declined');
  const next = useTranslations('signing.done');
  const sealed = useTranslations('finalize.done');
  const noteText = (note: TDoneNote) =>
    note === 'everyoneSigned' || note === 'whenEveryone' ? sealed(note) : next(note, { sender });
  return (
    <section data-signing-done={kind} aria-labelledby="done-title" className="mx-auto max-w-xl px-2 py-12 sm:py-20">
      <div className="text-center">
        <span
          aria-hidden="true"
          className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${kind === 'signed' ? 'bg-success-100 text-success-800 dark:bg-success-950 dark:text-success-200' : 'bg-surface-sunken text-ink-muted'}`}
        >
          <svg
            viewBox="0 0 24 24"
            className="h-7 w-7"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={kind === 'signed' ? 'M5 12l5 5 9-11' : 'M6 6l12 12M18 6 6 18'} />
          </svg>
        </span>
        {/* Focused on arrival, so a screen reader hears the outcome at once. */}
        <h1
          id="done-title"
          tabIndex={-1}
          ref={(heading) => heading?.focus()}
          className="mt-4 text-2xl font-bold outline-none"
        >
          {t('title')}
        </h1>
        <p className="mt-3 text-ink-muted [overflow-wrap:anywhere]">
          {t(selfSigned && kind === 'declined' ? 'bodySelf' : 'body', { name: documentName, sender })}
        </p>
      </div>
      {kind === 'signed' ? (
        <div className="mt-8 rounded-xl border border-surface-border bg-surface-raised p-4 shadow-sm">
          <h2 className="font-semibold">{next('next')}</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm [overflow-wrap:anywhere]">
            {doneNotes({ selfSigned, everyoneSigned, reviewPending }).map((note) => (
              <li key={note}>{noteText(note)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="mt-6 text-center text-sm text-ink-muted">{next('close')}</p>
    </section>
  );
}
