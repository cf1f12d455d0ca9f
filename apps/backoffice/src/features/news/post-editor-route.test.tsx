import type { AdminPost } from '@botica/api-client/admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component } from './post-editor-route.tsx';
import { postCalls, postDetail } from './queries.ts';

// The editor's chunk arrives when the test says so, as on a slow connection.
const editorChunk = vi.hoisted(() => {
  const gate: { arrive: () => void; arrived?: Promise<void> } = { arrive: () => undefined };
  gate.arrived = new Promise<void>((resolve) => {
    gate.arrive = resolve;
  });
  return gate;
});
vi.mock('./body-editor.tsx', async (importOriginal) => {
  await editorChunk.arrived;
  return importOriginal();
});

// An admin is logged in (the session's own module would ask the server).
vi.mock('../auth/session.ts', async () => {
  const { atom } = await import('jotai');
  return {
    userAtom: atom({ id: 1, username: 'admin.demo', name: 'Administración', role: 'admin' }),
  };
});

const POST: AdminPost = {
  id: 7,
  title: 'Cosecha de valeriana',
  excerpt: 'La raíz se recoge en otoño.',
  category: 'Laboratorio',
  author: 'Equipo Botica',
  status: 'draft',
  published_at: null,
  updated_at: '2026-11-20T09:00:00.000Z',
  body: [
    { type: 'heading', level: 2, children: [{ text: 'En el campo' }] },
    { type: 'paragraph', children: [{ text: 'Se recoge a mano, ' }, { text: 'en octubre', bold: true }] },
    { type: 'list', style: 'bullet', items: [[{ text: 'Secado' }], [{ text: 'Triturado' }]] },
  ],
  image: { url: '/media/news/7.webp', alt: 'Raíces de valeriana', uploaded: false },
  version: 3,
};

function renderEditor() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(postDetail('7').queryKey, { data: POST });
  const router = createMemoryRouter([{ path: '/news/:id', Component }], { initialEntries: ['/news/7'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => editorChunk.arrive());

describe('a post’s editor before its body editor has loaded', () => {
  it('saves the post with the body it had, and the editor then opens on that body', async () => {
    const user = userEvent.setup();
    const update = vi.spyOn(postCalls, 'update').mockImplementation(async (_, request) => ({
      data: { ...POST, ...request, version: POST.version + 1 },
    }));
    renderEditor();

    // The page is usable, the body shown in the editor's place and marked as loading.
    const placeholder = await screen.findByRole('group', { name: 'Cuerpo de la noticia' });
    expect(placeholder.textContent).toContain('Se recoge a mano, en octubre');
    expect(screen.queryByRole('textbox', { name: 'Cuerpo de la noticia' })).toBeNull();
    const title = screen.getByRole('textbox', { name: 'Título' });
    await user.clear(title);
    await user.type(title, 'Cosecha de valeriana en otoño');
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));

    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith(7, {
      title: 'Cosecha de valeriana en otoño',
      excerpt: POST.excerpt,
      category: POST.category,
      author: POST.author,
      image_alt: POST.image.alt,
      body: POST.body,
      version: 3,
    });
    await waitFor(() => expect(screen.queryByText('Cambios sin guardar')).toBeNull());

    // The editor arrives with the saved body, and its arrival changes nothing.
    editorChunk.arrive();
    const editor = await screen.findByRole('textbox', { name: 'Cuerpo de la noticia' });
    expect(editor.textContent).toContain('Se recoge a mano, en octubre');
    expect(editor.querySelectorAll('li')).toHaveLength(2);
    expect(screen.queryByRole('group', { name: 'Cuerpo de la noticia' })).toBeNull();
    expect(screen.queryByText('Cambios sin guardar')).toBeNull();
  });
});
