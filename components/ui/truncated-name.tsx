import type { ElementType, HTMLAttributes } from 'react';

type TProps = Omit<HTMLAttributes<HTMLElement>, 'title' | 'children'> & {
  /** The whole name (or a sentence carrying one): the text shown, the hover tip and what screen readers read. */
  text: string;
  /**
   * 1: one line ending in an ellipsis (for rows, cells and labels; every flex or grid parent needs `min-w-0`).
   * 2: up to two lines, broken anywhere (a name has no spaces to break at), then an ellipsis (headings, dialog titles).
   */
  lines?: 1 | 2;
  as?: ElementType;
  className?: string;
};

/**
 * Every document, template, person and file name the UI shows goes through
 * this: names come from users and files (a 240-character file name without a
 * space is an ordinary upload), so none may set a row's or page's width. The
 * cut is CSS only: the full text stays in the DOM, so it is the element's
 * accessible name, and the title attribute shows it on hover.
 */
export function TruncatedName({ text, lines = 1, as: Tag = 'span', className = '', ...rest }: TProps) {
  const cut = lines === 1 ? 'block truncate' : 'line-clamp-2 [overflow-wrap:anywhere]';
  return (
    <Tag {...rest} title={text} data-truncated-name="" className={`min-w-0 ${cut} ${className}`}>
      {text}
    </Tag>
  );
}
