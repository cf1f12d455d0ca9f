/**
 * A news post's body (structured content, `RichText` of @botica/api-client) as React elements: no
 * HTML string is ever parsed or injected. Links are checked again here (https, mailto, the portal's
 * own paths); one that is not is shown as plain text. Portal paths navigate inside the portal.
 */
import {
  type Block,
  type Inline,
  isSafeHref,
  type RichText as RichTextValue,
} from '@botica/api-client/schemas';
import { Link } from '@botica/ui';
import type { ReactNode } from 'react';

function Run({ run }: { run: Inline }) {
  let content: ReactNode = run.text;
  if (run.italic) content = <em>{content}</em>;
  if (run.bold) content = <strong>{content}</strong>;
  if (run.href && isSafeHref(run.href)) {
    const isExternal = !run.href.startsWith('/');
    return (
      <Link href={run.href} isExternal={isExternal && !run.href.startsWith('mailto:')}>
        {content}
      </Link>
    );
  }
  return <>{content}</>;
}

function Runs({ runs }: { runs: readonly Inline[] }) {
  return (
    <>
      {runs.map((run, index) => (
        <Run key={index} run={run} />
      ))}
    </>
  );
}

function BlockElement({ block }: { block: Block }) {
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

/** Renders a post's body. */
export function RichText({ value, className }: { value: RichTextValue; className?: string }) {
  return (
    <div className={className}>
      {value.map((block, index) => (
        <BlockElement key={index} block={block} />
      ))}
    </div>
  );
}
