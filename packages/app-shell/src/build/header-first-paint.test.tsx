/**
 * The header the page's HTML paints before any script: where `AppHeader` will stand, in the kit's
 * own styles, at a phone's, a tablet's and a desk's width; and kept on screen until the router has
 * the page, which replaces it in one commit (never an empty page between the two).
 */
import { AppHeader } from '@botica/ui';
import { render } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { renderWhenInitialized } from '../navigation/render-when-initialized.ts';
import { headerFirstPaint } from './header-first-paint.ts';

function Page() {
  return <h1>La página</h1>;
}

function NoPageYet() {
  return null;
}

/** A menu as long as the portal's: beside the logo it does not fit at a laptop's width. */
const MENU = [
  { label: 'Catálogo de Productos', href: '/catalog' },
  { label: 'Pedido rápido', href: '/pedido-rapido' },
  { label: 'Formación / Noticias', href: '/formacion' },
  { label: 'Te escuchamos', href: '/encuestas' },
];

const box = (element: Element | null) => {
  if (element === null) throw new Error('no such element');
  const { x, y, width, height } = element.getBoundingClientRect();
  return {
    x: Math.round(x),
    y: Math.round(y),
    width: Math.round(width),
    height: Math.round(height),
  };
};

describe('the header’s first paint', () => {
  afterEach(async () => {
    await page.viewport(414, 896);
  });

  for (const width of [320, 768, 1280]) {
    it(`stands where AppHeader's band, logo and name will, at ${width} px`, async () => {
      await page.viewport(width, 800);
      const painted = document.createElement('div');
      painted.innerHTML = headerFirstPaint('Botica Back office');
      document.body.prepend(painted);
      const { container } = render(
        <AppHeader
          homeHref="/"
          labName="Botica Back office"
          navigation={MENU}
          cartHref="/cart"
          accountHref="/account"
          currentPath="/"
          onLogout={() => {}}
        />,
      );
      try {
        const first = painted.querySelector('header');
        const real = container.querySelector('header');
        await expect.poll(() => real?.classList.contains('bt-app-header--stacked')).toBe(true);
        // Side by side in the page: the same box, one below the other.
        const offset = box(real).y - box(first).y;
        for (const part of [
          '.bt-app-header__logo',
          '.bt-app-header__logo-mark',
          '.bt-app-header__logo-text',
        ]) {
          const theirs = box(container.querySelector(part));
          expect({ ...theirs, y: theirs.y - offset }, part).toEqual(box(painted.querySelector(part)));
        }
        expect(box(first).width).toBe(box(real).width);
        expect(box(first).height, 'the band').toBe(box(real).height);
        expect(getComputedStyle(first as Element).backgroundColor).toBe(
          getComputedStyle(real as Element).backgroundColor,
        );
        expect(painted.querySelector('.bt-app-header__logo-text')?.textContent).toBe('Botica Back office');
      } finally {
        painted.remove();
      }
    });
  }

  it('is a picture of the header: hidden from assistive technologies, inert, its name escaped', () => {
    const painted = document.createElement('div');
    painted.innerHTML = headerFirstPaint('Botica <b>&');
    document.body.append(painted);
    try {
      const header = painted.querySelector('header') as HTMLElement;
      expect(header.getAttribute('aria-hidden')).toBe('true');
      expect(header.inert).toBe(true);
      expect(header.querySelector('.bt-app-header__logo-text')?.textContent).toBe('Botica <b>&');
      expect(painted.querySelector('b')).toBeNull();
      expect(painted.querySelector('a, button, [tabindex]')).toBeNull();
    } finally {
      painted.remove();
    }
  });

  it('stays until the router has the page, which replaces it at once, never leaving the root empty', async () => {
    const root = document.createElement('div');
    root.innerHTML = headerFirstPaint('Botica');
    document.body.append(root);
    let release = () => {};
    const data = new Promise<string>((resolve) => {
      release = () => resolve('Mis pedidos');
    });
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => data,
        Component: Page,
        HydrateFallback: NoPageYet,
      },
    ]);
    const contents: string[] = [];
    const observer = new MutationObserver(() => contents.push(root.innerHTML === '' ? 'empty' : 'filled'));
    observer.observe(root, { childList: true, subtree: true });
    const reactRoot = createRoot(root);
    try {
      renderWhenInitialized(reactRoot, {
        router,
        element: <RouterProvider router={router} />,
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(root.querySelector('[data-first-paint]')).not.toBeNull();
      release();
      await expect.poll(() => root.querySelector('h1')?.textContent).toBe('La página');
      expect(root.querySelector('[data-first-paint]')).toBeNull();
      expect(contents).not.toContain('empty');
    } finally {
      observer.disconnect();
      reactRoot.unmount();
      root.remove();
      router.dispose();
    }
  });
});
