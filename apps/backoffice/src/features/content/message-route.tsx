/**
 * /backoffice/messages/new and /messages/:id: one of the laboratory's messages to the pharmacies, its
 * kind, severity, title and plain-text body, when it shows (typed on Madrid's clock) and to whom
 * (every pharmacy, or those chosen), beside a preview of how the portal shows it. An admin saves or
 * deletes it (after a confirmation); a sales rep reads it.
 */
import type { AdminMessage, MessageTarget } from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle, useForm } from '@botica/app-shell';
import {
  formatCount,
  instantOfMadridWallClock,
  LAB_MESSAGE_KIND_LABELS,
  LAB_MESSAGE_KINDS,
  LAB_MESSAGE_SEVERITIES,
  LAB_MESSAGE_SEVERITY_LABELS,
  type LabMessageKind,
  type LabMessageSeverity,
  madridWallClock,
} from '@botica/domain';
import { Button, Form, Link, NativeSelect, showToast, TextField } from '@botica/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { type LoaderFunctionArgs, useLoaderData, useNavigate } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { RemoveButton } from '../../shared/remove-button.tsx';
import { userAtom } from '../auth/session.ts';
import { MESSAGE_FIELDS, messageProblems } from './message-form.ts';
import { MessagePreview } from './message-preview.tsx';
import { PharmacyPicker } from './pharmacy-picker.tsx';
import { deleteMessageMutation, messageDetail, saveMessageMutation } from './queries.ts';
import './content.css';

export async function loader({ context, params }: LoaderFunctionArgs): Promise<AdminMessage | null> {
  if (params.id === undefined) return null;
  const queryClient = await queryClientOf(context);
  return (await queryClient.fetchQuery(messageDetail(params.id))).data;
}

/** A new message starts now and shows for a week. */
function newMessageDates(now: Date) {
  return {
    starts_at: madridWallClock(now),
    ends_at: madridWallClock(new Date(now.getTime() + 7 * 24 * 3_600_000)),
  };
}

function DeleteMessage({ message }: { message: AdminMessage }) {
  const navigate = useNavigate();
  const remove = useMutation(deleteMessageMutation(useQueryClient(), message.id));
  return (
    <RemoveButton
      label="Eliminar"
      variant="danger"
      title="¿Eliminar este mensaje?"
      confirmLabel="Eliminar el mensaje"
      onConfirm={() => remove.mutateAsync()}
      done={{ title: 'Mensaje eliminado', description: message.title }}
      onDone={() => navigate('/messages')}
    >
      «{message.title}» desaparecerá del portal de inmediato, también para quien ya lo había leído.
    </RemoveButton>
  );
}

function MessageForm({ message, canChange }: { message: AdminMessage | null; canChange: boolean }) {
  const navigate = useNavigate();
  const [kind, setKind] = useState<LabMessageKind>(message?.kind ?? 'general');
  const [severity, setSeverity] = useState<LabMessageSeverity>(message?.severity ?? 'info');
  const [clients, setClients] = useState<MessageTarget[]>(message?.clients ?? []);
  const save = useMutation(saveMessageMutation(useQueryClient(), message?.id ?? null));
  const form = useForm({
    fields: MESSAGE_FIELDS,
    initial: message
      ? {
          title: message.title,
          body: message.body,
          starts_at: madridWallClock(message.starts_at),
          ends_at: madridWallClock(message.ends_at),
        }
      : { title: '', body: '', ...newMessageDates(new Date()) },
    problemsOf: messageProblems,
    send: async (values) => {
      const { data } = await save.mutateAsync({
        kind,
        severity,
        title: values.title.trim(),
        body: values.body.trim(),
        starts_at: instantOfMadridWallClock(values.starts_at.trim())?.toISOString() ?? '',
        ends_at: instantOfMadridWallClock(values.ends_at.trim())?.toISOString() ?? '',
        client_ids: clients.map((client) => client.id),
        ...(message ? { updated_at: message.updated_at } : {}),
      });
      showToast({
        title: message ? 'Mensaje guardado' : 'Mensaje publicado',
        description: data.title,
        tone: 'success',
      });
      await navigate(message ? `/messages/${data.id}` : '/messages', { replace: !message });
    },
    reportError: reportCallError,
    // A refusal under a field that is not a text box (the pharmacies) shows above the form.
    onFailure: (failure) => {
      const other = Object.entries(failure.fields).find(
        ([field]) => !(MESSAGE_FIELDS as readonly string[]).includes(field),
      );
      return other ? { ...failure, message: failure.message ?? other[1] } : failure;
    },
  });

  return (
    <div className="bo-message">
      <div ref={form.formRef} className="bo-message__form">
        <Form validationBehavior="aria" onSubmit={form.onSubmit} errorMessage={form.formMessage}>
          <div className="bo-content__pair">
            <NativeSelect
              label="Tipo"
              value={kind}
              disabled={!canChange}
              onChange={setKind}
              options={LAB_MESSAGE_KINDS.map((id) => ({ id, label: LAB_MESSAGE_KIND_LABELS[id] }))}
            />
            <NativeSelect
              label="Importancia"
              value={severity}
              disabled={!canChange}
              onChange={setSeverity}
              options={[...LAB_MESSAGE_SEVERITIES]
                .reverse()
                .map((id) => ({ id, label: LAB_MESSAGE_SEVERITY_LABELS[id] }))}
            />
          </div>
          <TextField {...form.fieldProps('title')} label="Título" isRequired isReadOnly={!canChange} />
          <TextField
            {...form.fieldProps('body')}
            label="Texto"
            description="Texto sin formato. Deja una línea en blanco entre párrafos."
            isMultiline
            rows={7}
            isRequired
            isReadOnly={!canChange}
          />
          <div className="bo-content__pair">
            <TextField
              {...form.fieldProps('starts_at')}
              type="datetime-local"
              label="Se publica el"
              description="Hora de Madrid."
              isRequired
              isReadOnly={!canChange}
            />
            <TextField
              {...form.fieldProps('ends_at')}
              type="datetime-local"
              label="Se retira el"
              description="Hora de Madrid. Desde ese momento deja de verse."
              isRequired
              isReadOnly={!canChange}
            />
          </div>
          <PharmacyPicker
            chosen={clients}
            onChange={setClients}
            otherCount={message?.other_clients_count ?? 0}
            isDisabled={!canChange}
          />
          {canChange ? (
            <div className="bo-content__actions">
              <Button type="submit" isPending={form.isPending}>
                {message ? 'Guardar cambios' : 'Publicar mensaje'}
              </Button>
              {message ? <DeleteMessage message={message} /> : null}
            </div>
          ) : null}
        </Form>
      </div>
      <MessagePreview
        kind={kind}
        severity={severity}
        title={form.values.title}
        body={form.values.body}
        startsAt={instantOfMadridWallClock(form.values.starts_at.trim())?.toISOString() ?? null}
      />
    </div>
  );
}

export function Component() {
  const message = useLoaderData() as AdminMessage | null;
  const user = useAtomValue(userAtom);
  const canChange = user?.role === 'admin';
  useDocumentTitle(message ? message.title : 'Nuevo mensaje');
  return (
    <section className="bo-content" aria-labelledby="message-title">
      <p>
        <Link href="/messages">Volver a los mensajes</Link>
      </p>
      <h1 id="message-title">{message ? message.title : 'Nuevo mensaje'}</h1>
      {message ? (
        <p className="bo-content__muted">
          {message.reads_count === 1
            ? 'Lo ha leído 1 usuario.'
            : `Lo han leído ${formatCount(message.reads_count)} usuarios.`}
        </p>
      ) : (
        <p className="bo-content__muted">Las farmacias lo verán en la página de inicio del portal.</p>
      )}
      {/* Another message (or the saved one's new version) starts the form again. */}
      <MessageForm
        key={message ? `${message.id}-${message.updated_at}` : 'new'}
        message={message}
        canChange={canChange}
      />
    </section>
  );
}
