/** A titled, read-only code sample; horizontal scrolling stays inside the block. */
export function CodeBlock({ title, file, code }: { title: string; file: string; code: string }) {
  return (
    <figure className="min-w-0 overflow-hidden rounded-xl border border-slate-700 bg-slate-950 shadow-lg">
      <figcaption className="flex items-center justify-between gap-4 border-b border-slate-700 px-4 py-2 text-sm">
        <span className="font-medium text-slate-200">{title}</span>
        <span className="font-mono text-xs text-slate-300">{file}</span>
      </figcaption>
      {/* tabIndex lets keyboard users scroll the sample (axe scrollable-region-focusable). */}
      <pre tabIndex={0} className="overflow-x-auto p-4 text-sm leading-relaxed text-slate-100">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
