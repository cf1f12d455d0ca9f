import { ApiError } from '@botica/api-client';
import { Button, Form, TextField } from '@botica/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FormFailure } from './form-failure.ts';
import { useForm } from './use-form.ts';

const FIELDS = ['name', 'email'] as const;
type Field = (typeof FIELDS)[number];

function problemsOf(values: Record<Field, string>) {
  const problems: Partial<Record<Field, string>> = {};
  if (values.name.trim() === '') problems.name = 'El nombre es obligatorio.';
  if (!values.email.includes('@')) problems.email = 'El correo no es válido.';
  return problems;
}

interface TestFormProps {
  send: (values: Record<Field, string>) => Promise<void>;
  reportError?: (error: unknown) => void;
  onFailure?: (failure: FormFailure) => FormFailure | null;
}

function TestForm({ send, reportError = () => undefined, onFailure }: TestFormProps) {
  const form = useForm({
    fields: FIELDS,
    initial: { name: '', email: '' },
    problemsOf,
    send,
    reportError,
    onFailure,
  });
  return (
    <div ref={form.formRef}>
      <Form validationBehavior="aria" onSubmit={form.onSubmit} errorMessage={form.formMessage}>
        <TextField {...form.fieldProps('name')} label="Nombre" />
        <TextField {...form.fieldProps('email')} label="Correo" />
        <Button type="submit" isPending={form.isPending}>
          Enviar
        </Button>
      </Form>
    </div>
  );
}

const refusal = (status: number, message: string, fieldErrors: Record<string, string[]> = {}) =>
  new ApiError({ status, kind: 'http', message, fieldErrors });

async function fillIn(user: ReturnType<typeof userEvent.setup>, name: string, email: string) {
  if (name) await user.type(screen.getByRole('textbox', { name: 'Nombre' }), name);
  if (email) await user.type(screen.getByRole('textbox', { name: 'Correo' }), email);
}

describe('a form with checked fields and a submit', () => {
  it('sends nothing while a field is wrong: the messages show and the first field takes the focus', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => undefined);
    render(<TestForm send={send} />);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('El nombre es obligatorio.')).toBeTruthy();
    expect(screen.getByText('El correo no es válido.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Nombre' })));
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the values once they are right', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async (_values: Record<Field, string>) => undefined);
    render(<TestForm send={send} />);
    await fillIn(user, 'Ana', 'ana@farmacia.es');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ name: 'Ana', email: 'ana@farmacia.es' }));
  });

  it("shows the server's message under its field, focused, until the field changes", async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {
      throw refusal(422, 'Datos no válidos.', { email: ['Ese correo ya está dado de alta.', 'Otro'] });
    });
    render(<TestForm send={send} />);
    await fillIn(user, 'Ana', 'ana@farmacia.es');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const email = screen.getByRole('textbox', { name: 'Correo' });
    expect(await screen.findByText('Ese correo ya está dado de alta.')).toBeTruthy();
    expect(screen.queryByText('Otro')).toBeNull();
    // The server named a field: its message about the whole form stays unsaid.
    expect(screen.queryByText('Datos no válidos.')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(email));
    await user.type(email, 'x');
    expect(screen.queryByText('Ese correo ya está dado de alta.')).toBeNull();
  });

  it("shows the server's message above the form when it names no field (too many attempts)", async () => {
    const user = userEvent.setup();
    render(
      <TestForm
        send={async () => {
          throw refusal(429, 'Demasiados intentos. Espera un minuto.');
        }}
      />,
    );
    await fillIn(user, 'Ana', 'ana@farmacia.es');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Demasiados intentos. Espera un minuto.')).toBeTruthy();
  });

  it("leaves any other failure to the app's error presentation", async () => {
    const user = userEvent.setup();
    const failure = refusal(503, 'En mantenimiento.');
    const reportError = vi.fn();
    render(
      <TestForm
        send={async () => {
          throw failure;
        }}
        reportError={reportError}
      />,
    );
    await fillIn(user, 'Ana', 'ana@farmacia.es');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(reportError).toHaveBeenCalledWith(failure));
    expect(screen.queryByText('En mantenimiento.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeTruthy();
  });

  it('lets the form read a failure first: what it handled itself shows nowhere else', async () => {
    const user = userEvent.setup();
    const handled = vi.fn();
    render(
      <TestForm
        send={async () => {
          throw refusal(422, 'x', { secret: ['El enlace ha caducado.'], name: ['Nombre repetido.'] });
        }}
        onFailure={(failure) => {
          const { secret, ...fields } = failure.fields;
          handled(secret);
          return { ...failure, fields };
        }}
      />,
    );
    await fillIn(user, 'Ana', 'ana@farmacia.es');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Nombre repetido.')).toBeTruthy();
    expect(handled).toHaveBeenCalledWith('El enlace ha caducado.');
    expect(screen.queryByText('El enlace ha caducado.')).toBeNull();
  });
});
