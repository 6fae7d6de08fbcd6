import type { ReactNode } from 'react';

export function PageHeading({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <div className="mb-8">
      <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-3 max-w-2xl text-lg text-ink-muted break-words">{lead}</p> : null}
    </div>
  );
}

/** A soft panel for notes such as "upload arrives in an upcoming release". */
export function NotePanel({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-xl border border-surface-border bg-surface-raised p-5 text-ink-muted shadow-sm">{children}</div>
  );
}
