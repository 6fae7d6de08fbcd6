/**
 * The performance mark the viewer sets when the first page's canvas has
 * finished drawing (once per document opened); `npm run bench -- viewer`
 * reads its time from the page.
 */
export const FIRST_PAGE_PAINTED_MARK = 'signet:viewer:first-page-painted';
