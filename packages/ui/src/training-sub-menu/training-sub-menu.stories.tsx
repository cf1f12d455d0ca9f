import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { clientTrainingMenu, publicTrainingMenu } from '../internal/navigation-fixtures.ts';
import { TrainingSubMenu } from './training-sub-menu.tsx';

const meta = {
  title: 'Navegación/TrainingSubMenu',
  component: TrainingSubMenu,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  // The portal's links: the menu itself knows no route.
  args: { items: publicTrainingMenu, currentPath: '/formacion/noticias/12' },
} satisfies Meta<typeof TrainingSubMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const labels = (element: HTMLElement) =>
  within(element)
    .getAllByRole('link')
    .map((link) => link.textContent);

/** The portal's menu for anonymous visitors; a news article marks 'Noticias' as the current page. */
export const Anonymous: Story = {
  play: async ({ canvasElement }) => {
    await expect(labels(canvasElement)).toEqual(['Agenda Webinars', 'Noticias']);
    await expect(within(canvasElement).getByRole('link', { name: 'Noticias' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** The portal's menu for a logged-in pharmacist: the links in the order given, the current one marked. */
export const LoggedIn: Story = {
  args: { items: clientTrainingMenu, currentPath: '/formacion/materiales' },
  play: async ({ canvasElement }) => {
    await expect(labels(canvasElement)).toEqual([
      'Agenda Webinars',
      'Noticias',
      'Material Científico',
      'Histórico Webinars',
    ]);
    await expect(within(canvasElement).getByRole('link', { name: 'Material Científico' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(canvasElement).getByRole('link', { name: 'Noticias' })).not.toHaveAttribute(
      'aria-current',
    );
  },
};

/** On a phone the four links wrap onto two rows, all of them in view. */
export const LoggedInOnPhone: Story = {
  args: { items: clientTrainingMenu, currentPath: '/formacion/agenda-webinars' },
  globals: { viewport: { value: 'narrow' } },
  play: async ({ canvasElement }) => {
    const width = document.documentElement.clientWidth;
    for (const link of within(canvasElement).getAllByRole('link')) {
      const box = link.getBoundingClientRect();
      await expect(box.left, link.textContent ?? '').toBeGreaterThanOrEqual(0);
      await expect(box.right, link.textContent ?? '').toBeLessThanOrEqual(width);
    }
  },
};
