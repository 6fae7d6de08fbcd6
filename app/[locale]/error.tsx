'use client';

import { useEffect } from 'react';
import { useCrashText } from '@/components/i18n/crash-text';

export default function LocaleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const text = useCrashText();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{text.title}</h1>
      <p className="mt-4 text-ink-muted">{text.body}</p>
      {error.digest ? <p className="mt-2 font-mono text-xs text-ink-muted">{error.digest}</p> : null}
      <button
        type="button"
        onClick={() => reset()}
        className="mt-8 rounded-lg bg-primary-700 px-5 py-2.5 font-medium text-white hover:bg-primary-800"
      >
        {text.retry}
      </button>
    </main>
  );
}
