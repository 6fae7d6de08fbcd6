'use client';

// Last resort when the locale layout itself fails: no translations are loaded here.
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem', textAlign: 'center' }}>
        <main>
          <h1>Something went wrong</h1>
          <p>An unexpected error stopped this page. Nothing you saved was lost.</p>
          <button type="button" onClick={() => reset()}>
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
