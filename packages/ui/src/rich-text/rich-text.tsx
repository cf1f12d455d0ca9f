import type { ReactNode } from 'react';
import { cx } from '../internal/class-names.ts';
import { Link } from '../link/link.tsx';

/** A run of text with its marks; `href` makes it a link. The wire's `Inline` of a post's body. */
export interface RichTextInline {
  text: string;
  bold?: boolean;
  italic?: boolean;
  href?: string;
}

/** One block of a body: a paragraph, a subheading (2 or 3), a list or a quote. */
export type RichTextBlock =
  | { type: 'paragraph'; children: readonly RichTextInline[] }
  | { type: 'heading'; level: 2 | 3; children: readonly RichTextInline[] }
  | { type: 'list'; style: 'bullet' | 'number'; items: readonly (readonly RichTextInline[])[] }
  | { type: 'quote'; children: readonly RichTextInline[] };

/** A body: blocks in reading order, as the API sends a post's `body`. */
export type RichTextValue = readonly RichTextBlock[];

/**
 * Whether a link of a body may be followed: `https://…`, `mailto:…` or a path of the site (never
 * `//other.site`). The same rule the API checks a body against on its way in; the renderer checks it
 * again, so a body from anywhere else can never carry `javascript:`.
 * @example isSafeRichTextHref('https://www.aemps.gob.es') // true
 * @example isSafeRichTextHref('javascript:alert(1)') // false
 */
export function isSafeRichTextHref(href: string): boolean {
  if (/^\/(?![/\\])/.test(href)) return !/[\s\\]/.test(href);
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(href)) return true;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

function Run({ run }: { run: RichTextInline }) {
  let content: ReactNode = run.text;
  if (run.italic) content = <em>{content}</em>;
  if (run.bold) content = <strong>{content}</strong>;
  if (run.href && isSafeRichTextHref(run.href)) {
    const isExternal = !run.href.startsWith('/');
    return (
      <Link href={run.href} isExternal={isExternal && !run.href.startsWith('mailto:')}>
        {content}
      </Link>
    );
  }
  return <>{content}</>;
}

function Runs({ runs }: { runs: readonly RichTextInline[] }) {
  return (
    <>
      {runs.map((run, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a body's parts have no identity, and their order is the content
        <Run key={index} run={run} />
      ))}
    </>
  );
}

function BlockElement({ block }: { block: RichTextBlock }) {
  switch (block.type) {
    case 'paragraph':
      return (
        <p>
          <Runs runs={block.children} />
        </p>
      );
    case 'heading':
      return block.level === 2 ? (
        <h2>
          <Runs runs={block.children} />
        </h2>
      ) : (
        <h3>
          <Runs runs={block.children} />
        </h3>
      );
    case 'list': {
      const List = block.style === 'number' ? 'ol' : 'ul';
      return (
        <List>
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a body's parts have no identity, and their order is the content
            <li key={index}>
              <Runs runs={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'quote':
      return (
        <blockquote>
          <p>
            <Runs runs={block.children} />
          </p>
        </blockquote>
      );
    default:
      return null;
  }
}

export interface RichTextProps {
  /** The body: structured content, never HTML (nothing is parsed or injected). */
  value: RichTextValue;
  /** Extra class names. */
  className?: string;
}

/**
 * A post's body as React elements: paragraphs, subheadings, lists and quotes of plain, bold, italic
 * and linked runs. Markup in the text shows as text; a link that fails `isSafeRichTextHref` shows as
 * plain text; a site path navigates inside the app (through `BoticaProvider`'s `navigate`), an
 * `https` link opens in a new tab.
 * @example <RichText value={post.body} />
 */
export function RichText({ value, className }: RichTextProps) {
  return (
    <div className={cx('bt-rich-text', className)}>
      {value.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a body's parts have no identity, and their order is the content
        <BlockElement key={index} block={block} />
      ))}
    </div>
  );
}
