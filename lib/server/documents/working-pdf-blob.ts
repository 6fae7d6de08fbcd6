/** Where the PDF the product works on lives: currentBlob, or the original itself when the upload needed no change. */
export function workingPdfBlob(document: {
  originalBlob: string;
  originalSha256: string;
  currentBlob: string | null;
  currentSha256: string | null;
}) {
  return document.currentBlob
    ? { key: document.currentBlob, sha256: document.currentSha256 ?? '' }
    : { key: document.originalBlob, sha256: document.originalSha256 };
}
