import type { RichText } from '@botica/api-client/schemas';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { BodyEditor } from './body-editor.tsx';
import { BODY_HELP } from './body-editor-tools.tsx';
import { BodyEditorPlaceholder, BodyField, EDITOR_FAILED, EDITOR_LOADING } from './body-field.tsx';
import './news.css';

const LONG =
  'La valeriana se cosecha en otoño, cuando la raíz concentra sus aceites esenciales; se seca a la sombra y se tritura antes de extraerla.';

/** A body with every block and mark a post may hold, its lines long enough to wrap. */
const FULL: RichText = [
  { type: 'heading', level: 2, children: [{ text: 'Cosecha de otoño' }] },
  {
    type: 'paragraph',
    children: [
      { text: LONG },
      { text: ' Negrita', bold: true },
      { text: ' y cursiva', italic: true },
      { text: ' con enlace', bold: true, italic: true, href: 'https://www.aemps.gob.es' },
      { text: '.' },
    ],
  },
  { type: 'heading', level: 3, children: [{ text: 'En el laboratorio' }] },
  { type: 'list', style: 'bullet', items: [[{ text: LONG }], [{ text: 'Secado lento' }]] },
  { type: 'list', style: 'number', items: [[{ text: 'Triturado' }], [{ text: LONG, italic: true }]] },
  { type: 'quote', children: [{ text: LONG }] },
];

/** The editor or its placeholder at a fixed width, inside the field's label and help as BodyField draws them. */
function renderAt(
  width: number,
  name: string,
  frame: (ids: { label: string; help: string; error: string }) => ReactNode,
) {
  // Ids without spaces: aria-labelledby and aria-describedby are lists of ids.
  const slug = name.replaceAll(' ', '-');
  const ids = { label: `${slug}-label`, help: `${slug}-help`, error: `${slug}-error` };
  const { container } = render(
    <div style={{ width }} className="bo-news-editor">
      <span id={ids.label} className="bt-field__label">
        {name}
      </span>
      {frame(ids)}
      <span id={ids.help} className="bo-news__muted">
        {BODY_HELP}
      </span>
    </div>,
  );
  return container.firstElementChild as HTMLElement;
}

describe('the body field while the editor loads', () => {
  it('is named as the body, says the editor is loading, and offers no control yet', () => {
    renderAt(640, 'Cuerpo de la noticia', (ids) => (
      <BodyEditorPlaceholder initial={FULL} labelId={ids.label} />
    ));
    const group = screen.getByRole('group', { name: 'Cuerpo de la noticia' });
    expect(group.getAttribute('aria-busy')).toBe('true');
    expect(group.getAttribute('aria-describedby')).toBe(screen.getByRole('status').id);
    expect(screen.getByRole('status').textContent).toBe(EDITOR_LOADING);
    const tools = within(screen.getByRole('toolbar', { name: 'Formato del cuerpo' })).getAllByRole('button');
    expect(tools.map((tool) => tool.textContent)).toEqual([
      'BNegrita',
      'ICursiva',
      'T2Subtítulo',
      'T3Subtítulo menor',
      'Lista',
      'Lista numerada',
      'Cita',
      'Enlace',
    ]);
    expect(tools.every((tool) => (tool as HTMLButtonElement).disabled)).toBe(true);
    // The body is there to read, its links drawn as links but not followed.
    expect(group.textContent).toContain('Cosecha de otoño');
    expect(group.querySelector('a')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it.each([
    { label: 'an empty body', body: [] as RichText, width: 360 },
    { label: 'an empty body', body: [] as RichText, width: 900 },
    { label: 'a body with every block and mark', body: FULL, width: 360 },
    { label: 'a body with every block and mark', body: FULL, width: 640 },
    { label: 'a body with every block and mark', body: FULL, width: 900 },
  ])('takes the editor’s place to the pixel: $label at $width px', async ({ body, width }) => {
    const placeholder = renderAt(width, 'Cargando', (ids) => (
      <BodyEditorPlaceholder initial={body} labelId={ids.label} isInvalid />
    ));
    const editor = renderAt(width, 'Editor', (ids) => (
      <BodyEditor initial={body} onChange={() => undefined} ids={ids} errorMessage="Revísalo." />
    ));
    await screen.findByRole('textbox', { name: 'Editor' });
    const box = (root: HTMLElement, selector: string) => {
      const part = root.matches(selector) ? root : (root.querySelector(selector) as HTMLElement);
      const { width: w, height: h } = part.getBoundingClientRect();
      return { w, h };
    };
    for (const part of [
      '.bo-news-editor',
      '.bo-news-editor__frame',
      '.bo-news-editor__toolbar',
      '.bo-news-editor__content',
    ]) {
      expect(box(placeholder, part), part).toEqual(box(editor, part));
    }
  });

  it('gives way to the editor, with the body it was given, between the same label and help', async () => {
    render(<BodyField initial={FULL} onChange={() => undefined} errorMessage="Revísalo." />);
    const label = screen.getByText('Cuerpo de la noticia');
    expect(screen.getByRole('group', { name: 'Cuerpo de la noticia' })).toBeTruthy();
    // Asked for once the page is idle, at the latest 3 s after its paint.
    const editor = await screen.findByRole('textbox', { name: 'Cuerpo de la noticia' }, { timeout: 5000 });
    expect(editor.textContent).toContain('Cosecha de otoño');
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    expect(
      editor
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toEqual([BODY_HELP, 'Revísalo.']);
    expect(screen.queryByRole('group', { name: 'Cuerpo de la noticia' })).toBeNull();
    // The label is the element it was: only the toolbar and the box were replaced.
    expect(screen.getByText('Cuerpo de la noticia')).toBe(label);
  });
});

describe('the body field when the editor cannot be loaded', () => {
  it('keeps the body in its place, says so, and loads the editor at the next try', async () => {
    let attempts = 0;
    const loadEditor = async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return BodyEditor;
    };
    render(<BodyField initial={FULL} onChange={() => undefined} loadEditor={loadEditor} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(EDITOR_FAILED);
    const group = screen.getByRole('group', { name: 'Cuerpo de la noticia' });
    expect(group.getAttribute('aria-busy')).toBeNull();
    expect(group.textContent).toContain('Cosecha de otoño');
    expect(screen.queryByRole('textbox')).toBeNull();
    within(alert).getByRole('button', { name: 'Reintentar' }).click();
    const editor = await screen.findByRole('textbox', { name: 'Cuerpo de la noticia' });
    expect(editor.textContent).toContain('Cosecha de otoño');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(attempts).toBe(2);
  });
});
