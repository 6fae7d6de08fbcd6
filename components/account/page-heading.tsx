import type { ReactNode } from 'react';
import { TruncatedName } from '@/components/ui/truncated-name';

/** `name`: the title is a name someone chose (a document, a mail's subject), cut to two lines with the whole of it on hover. */
export function PageHeading({ title, lead, name = false }: { title: string; lead?: ReactNode; name?: boolean }) {
  return (
    <div className="mb-8">
      {name ? (
        <TruncatedName as="h1" text={title} lines={2} className="text-3xl font-bold tracking-tight sm:text-4xl" />
      ) : (
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{title}</h1>
      )}
      {lead ? <p className="mt-3 max-w-2xl text-lg text-ink-muted [overflow-wrap:anywhere]">{lead}</p> : null}
    </div>
  );
}

/** A soft panel for notes such as "upload arrives in an upcoming release". */
export function NotePanel({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-xl border border-surface-border bg-surface-raised p-5 text-ink-muted shadow-sm">
      {children}
    </div>
  );
}
