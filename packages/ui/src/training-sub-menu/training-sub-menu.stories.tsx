import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TrainingSubMenu } from './training-sub-menu.tsx';

const meta = {
  title: 'Navegación/TrainingSubMenu',
  component: TrainingSubMenu,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { currentPath: '/formacion/noticias/12' },
} satisfies Meta<typeof TrainingSubMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const labels = (element: HTMLElement) =>
  within(element)
    .getAllByRole('link')
    .map((link) => link.textContent);

/** Anonymous visitors see the agenda and the news. */
export const Anonymous: Story = {
  play: async ({ canvasElement }) => {
    await expect(labels(canvasElement)).toEqual(['Agenda Webinars', 'Noticias']);
    await expect(within(canvasElement).getByRole('link', { name: 'Noticias' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** Logged-in pharmacists also get the materials and the webinar history; the newsletter stays hidden. */
export const LoggedIn: Story = {
  args: { isLoggedIn: true, currentPath: '/formacion/materiales' },
  play: async ({ canvasElement }) => {
    await expect(labels(canvasElement)).toEqual([
      'Agenda Webinars',
      'Noticias',
      'Material Científico',
      'Histórico Webinars',
    ]);
  },
};

export const WithNewsletter: Story = {
  args: { isLoggedIn: true, showNewsletter: true, currentPath: '/formacion/newsletters' },
  play: async ({ canvasElement }) => {
    await expect(labels(canvasElement)).toContain('Newsletter');
  },
};
