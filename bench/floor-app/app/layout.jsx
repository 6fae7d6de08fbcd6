// The framework floor of `npm run bench -- landing`: the smallest App Router
// page Next.js builds, with no client component, no CSS and no providers.
// What it loads is what every page of any Next.js app loads.
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
