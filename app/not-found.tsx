import Link from 'next/link';

// Reached only for paths outside every locale (the proxy localizes the rest).
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body className="grid min-h-screen place-items-center p-8 text-center">
        <main>
          <h1 className="text-2xl font-semibold">Page not found</h1>
          <p className="mt-2">
            <Link className="text-primary-700 underline dark:text-primary-300" href="/">
              Back to the home page
            </Link>
          </p>
        </main>
      </body>
    </html>
  );
}
