import { afterEach, describe, expect, it } from 'vitest';
import { restorePage, snapshotPage } from './hand-over.ts';

/** The same page twice: what a first screen and the router's page both render. */
const PAGE = `
  <form>
    <input name="username">
    <input name="code" type="hidden" value="page">
    <label><input name="remember" type="checkbox"> Recordarme</label>
    <select name="site"><option value="a">A</option><option value="b">B</option></select>
    <button type="button">Mostrar</button>
    <button type="submit">Entrar</button>
  </form>
  <div style="height: 3000px"></div>`;

let container: HTMLElement;
afterEach(() => {
  container?.remove();
  window.scrollTo(0, 0);
});

function mount(html = PAGE) {
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

/** Renders the page again in the same container, as the router does. */
function renderAgain() {
  container.innerHTML = PAGE;
}

describe('the hand-over of a page rendered again', () => {
  it('puts back the fields, the button that had the focus and the scroll, and leaves the page’s own values', () => {
    mount();
    (container.querySelector('[name="username"]') as HTMLInputElement).value = 'farmacia.demo';
    (container.querySelector('[name="remember"]') as HTMLInputElement).checked = true;
    (container.querySelector('[name="site"]') as HTMLSelectElement).value = 'b';
    (container.querySelectorAll('button')[1] as HTMLButtonElement).focus();
    window.scrollTo(0, 400);
    const snapshot = snapshotPage(container);

    renderAgain();
    window.scrollTo(0, 0);
    restorePage(container, snapshot);
    expect((container.querySelector('[name="username"]') as HTMLInputElement).value).toBe('farmacia.demo');
    expect((container.querySelector('[name="remember"]') as HTMLInputElement).checked).toBe(true);
    expect((container.querySelector('[name="site"]') as HTMLSelectElement).value).toBe('b');
    expect((container.querySelector('[name="code"]') as HTMLInputElement).value).toBe('page');
    expect(document.activeElement).toBe(container.querySelectorAll('button')[1]);
    expect(window.scrollY).toBe(400);
  });

  it('leaves the focus outside the page where it was, and takes it from a field that focused itself', () => {
    mount();
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    const snapshot = snapshotPage(container);
    renderAgain();
    (container.querySelector('[name="username"]') as HTMLInputElement).focus();
    restorePage(container, snapshot);
    expect(document.activeElement).toBe(outside);
    outside.remove();

    (document.activeElement as HTMLElement | null)?.blur();
    const nowhere = snapshotPage(container);
    renderAgain();
    (container.querySelector('[name="username"]') as HTMLInputElement).focus();
    restorePage(container, nowhere);
    expect(document.activeElement).toBe(document.body);
  });

  it('skips what the new page no longer has', () => {
    mount();
    (container.querySelector('[name="username"]') as HTMLInputElement).value = 'farmacia.demo';
    const snapshot = snapshotPage(container);
    container.innerHTML = '<p>Otra página</p>';
    expect(() => restorePage(container, snapshot)).not.toThrow();
  });
});
