import 'server-only';

type TPdf = { name: string; size: number; body: ReadableStream<Uint8Array> };

/** An office upload is served as its converted PDF: say so in the name (a name that ends in .pdf is kept). */
function pdfName(name: string): string {
  return /\.pdf$/i.test(name) ? name : `${name.replace(/\.[^.]*$/, '')}.pdf`;
}

/**
 * Every PDF download and preview answer. Its body holds a download slot (readDocumentPdf): a HEAD or
 * a client that left gives the slot back at once.
 */
export function pdfResponse(request: Request, pdf: TPdf, disposition: 'inline' | 'attachment'): Response {
  if (request.method === 'HEAD' || request.signal.aborted) void pdf.body.cancel().catch(() => undefined);
  else request.signal.addEventListener('abort', () => void pdf.body.cancel().catch(() => undefined), { once: true });
  return new Response(request.method === 'HEAD' ? null : pdf.body, {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.size),
      'content-disposition': `${disposition}; filename*=UTF-8''${encodeURIComponent(pdfName(pdf.name))}`,
      'cache-control': 'private, no-store',
    },
  });
}
