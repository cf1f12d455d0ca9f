/**
 * The password rules as a checklist that ticks as the user types: the reset page and the account's
 * change-password form show the same one (`passwordRules` decides what is met).
 */
import { CheckIcon } from '@botica/ui';
import type { PasswordRule } from './password-rules.ts';

export function PasswordRuleList({
  id,
  title,
  rules,
}: {
  /** The id the password field names in `aria-describedby`. */
  id: string;
  title: string;
  rules: readonly PasswordRule[];
}) {
  return (
    <div className="access__rules" id={id}>
      <p className="access__rules-title">{title}</p>
      <ul className="access__rule-list">
        {rules.map((rule) => (
          <li key={rule.label} className="access__rule" data-met={rule.isMet || undefined}>
            <span className="access__rule-mark" aria-hidden="true">
              {rule.isMet ? <CheckIcon size={14} /> : null}
            </span>
            {rule.label}
            <span className="bt-visually-hidden">{rule.isMet ? ' (cumplido)' : ''}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
