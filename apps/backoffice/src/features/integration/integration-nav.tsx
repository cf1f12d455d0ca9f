/** The integration area's own tabs: the API keys and the webhooks (the current one marked). */
import { Link } from '@botica/ui';
import './integration.css';

const SECTIONS = [
  { href: '/integration/keys', label: 'Claves de API' },
  { href: '/integration/webhooks', label: 'Webhooks' },
] as const;

export function IntegrationNav({ current }: { current: (typeof SECTIONS)[number]['href'] }) {
  return (
    <nav aria-label="Integración" className="bo-integration__nav">
      <ul>
        {SECTIONS.map((section) => (
          <li key={section.href}>
            <Link
              href={section.href}
              variant="standalone"
              {...(section.href === current ? { 'aria-current': 'page' as const } : {})}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
