import { errorPage, LINK_HOME_TEXT } from '@botica/domain';
import { buttonClassName } from '../button/button-parts.tsx';
import { cx } from '../internal/class-names.ts';
import { PlainLink } from '../internal/plain-link.tsx';

export interface ErrorPageProps {
  /**
   * The HTTP status: 404, 503 and 403 have their own text; any other shows `message`.
   * @default 500
   */
  status?: number | undefined;
  /** The message for statuses without their own text (e.g. 'Unknown middleware auth'). */
  message?: string | undefined;
  /**
   * The home page's address for the link back.
   * @default '/'
   */
  homeHref?: string;
  /** Extra class names. */
  className?: string;
}

/**
 * The error page: the status code, the spec's text for 404, 503 and 403 (the message for
 * any other status) and the link back to home. Texts come from `errorPage` in `@botica/domain`.
 * Without react-aria: it is the first screen of a broken or unknown address, and must stay light.
 */
export function ErrorPage({ status, message, homeHref = '/', className }: ErrorPageProps) {
  const page = errorPage(status, message);
  return (
    <section className={cx('bt-error-page', className)} aria-labelledby="bt-error-page-title">
      <p className="bt-error-page__code">
        <span className="bt-visually-hidden">Error </span>
        {page.status}
      </p>
      <h1 id="bt-error-page-title" className="bt-error-page__text">
        {page.text}
      </h1>
      <PlainLink
        href={homeHref}
        className={buttonClassName('primary', 'md', false, 'bt-button--plain bt-error-page__home')}
      >
        {LINK_HOME_TEXT}
      </PlainLink>
    </section>
  );
}
