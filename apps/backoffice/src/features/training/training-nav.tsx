/** The training area's own tabs: webinars, materials, newsletters (the current one marked). */
import { SectionTabs } from '../../shared/section-tabs.tsx';

const SECTIONS = [
  { href: '/training/webinars', label: 'Webinars' },
  { href: '/training/materials', label: 'Material científico' },
  { href: '/training/newsletters', label: 'Boletines' },
] as const;

export function TrainingNav({ current }: { current: (typeof SECTIONS)[number]['href'] }) {
  return <SectionTabs label="Formación" sections={SECTIONS} current={current} />;
}
