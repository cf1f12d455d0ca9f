import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from '../badge/badge.tsx';
import { WebinarCard } from './webinar-card.tsx';

const meta = {
  title: 'Formación/WebinarCard',
  component: WebinarCard,
  tags: ['autodocs'],
  // A day of summer time in Madrid: 08:00 UTC is 10:00 there.
  args: {
    title: 'Valeriana y sueño: la evidencia',
    topic: 'Fitoterapia del sueño',
    speakerName: 'Dra. Ana Ruiz',
    startsAt: '2027-03-29T08:00:00.000Z',
    durationMinutes: 60,
    href: '/formacion/agenda-webinars/7',
  },
} satisfies Meta<typeof WebinarCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** In the agenda: the title links to the webinar's page; day and times on Madrid's clock. */
export const Upcoming: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement);
    await expect(
      card.getByRole('heading', { level: 2, name: 'Valeriana y sueño: la evidencia' }),
    ).toBeVisible();
    await expect(card.getByRole('link', { name: 'Valeriana y sueño: la evidencia' })).toHaveAttribute(
      'href',
      '/formacion/agenda-webinars/7',
    );
    await expect(card.getByRole('article')).toHaveTextContent(
      'lunes, 29 de marzo de 2027 · 10:00–11:00 (1 h)',
    );
  },
};

/** A pharmacist signed up: the status badge beside the topic. */
export const SignedUp: Story = {
  args: { status: <Badge tone="primary">Inscrito</Badge> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Inscrito')).toBeVisible();
  },
};

/** A preview (the back office's): no link, the title is plain text; an hour and a half stays whole. */
export const Preview: Story = {
  args: { href: undefined, durationMinutes: 90, headingLevel: 3 },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement);
    await expect(card.queryByRole('link')).toBeNull();
    await expect(card.getByRole('heading', { level: 3 })).toHaveTextContent(
      'Valeriana y sueño: la evidencia',
    );
    await expect(card.getByRole('article')).toHaveTextContent('10:00–11:30 (1 h 30 min)');
  },
};

/** On a phone the card keeps within the screen. */
export const OnPhone: Story = {
  globals: { viewport: { value: 'narrow' } },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('article').getBoundingClientRect();
    await expect(box.right).toBeLessThanOrEqual(document.documentElement.clientWidth);
  },
};
