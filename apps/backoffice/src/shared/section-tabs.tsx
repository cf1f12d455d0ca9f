/** An area's own tabs below the menu (Formación's sections, Integración's): links, the current one marked. */
import { Link } from '@botica/ui';
import './section-tabs.css';

export interface SectionTab<Href extends string = string> {
  readonly href: Href;
  readonly label: string;
}

export function SectionTabs<Href extends string>({
  label,
  sections,
  current,
}: {
  /** The navigation's accessible name: the area's name. */
  label: string;
  sections: readonly SectionTab<Href>[];
  current: NoInfer<Href>;
}) {
  return (
    <nav aria-label={label} className="bo-section-tabs">
      <ul>
        {sections.map((section) => (
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
