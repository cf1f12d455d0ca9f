/** The training area's own tabs: webinars, materials, newsletters (the current one marked). */
import { Link } from '@botica/ui';

const SECTIONS = [
  { href: '/training/webinars', label: 'Webinars' },
  { href: '/training/materials', label: 'Material científico' },
  { href: '/training/newsletters', label: 'Boletines' },
] as const;

export function TrainingNav({ current }: { current: (typeof SECTIONS)[number]['href'] }) {
  return (
    <nav aria-label="Formación" className="bo-training__nav">
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
