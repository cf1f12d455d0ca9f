/** The integration area's own tabs: the API keys and the webhooks (the current one marked). */
import { SectionTabs } from '../../shared/section-tabs.tsx';

const SECTIONS = [
  { href: '/integration/keys', label: 'Claves de API' },
  { href: '/integration/webhooks', label: 'Webhooks' },
] as const;

export function IntegrationNav({ current }: { current: (typeof SECTIONS)[number]['href'] }) {
  return <SectionTabs label="Integración" sections={SECTIONS} current={current} />;
}
