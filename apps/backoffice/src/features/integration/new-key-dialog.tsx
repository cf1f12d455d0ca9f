/**
 * A new API key, in a dialog: its name, what it may reach and its rate; once created, the same dialog
 * shows the secret (the only time anyone sees it) with 'Copiar', the warning that it will not show
 * again, and the call that checks it.
 */
import type { AdminApiKeyCreatedResponse } from '@botica/api-client/admin';
import type { IntegrationScope } from '@botica/api-client/endpoints';
import { useForm } from '@botica/app-shell';
import { Button, ChoiceField, Dialog, Form, TextField } from '@botica/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { reportCallError } from '../../shared/errors.ts';
import { curlExample, KEY_FIELDS, keyProblems, SCOPE_LABELS, SCOPES, shownPrefix } from './key-texts.ts';
import { createKeyMutation } from './queries.ts';

const SCOPE_OPTIONS = SCOPES.map((scope, index) => ({ id: index, label: SCOPE_LABELS[scope] }));
const SCOPES_REQUIRED = 'Elige al menos un permiso.';

function KeyForm({
  onCreated,
  onClose,
}: {
  onCreated: (created: AdminApiKeyCreatedResponse) => void;
  onClose: () => void;
}) {
  const [scopes, setScopes] = useState<number[]>([]);
  const [scopesProblem, setScopesProblem] = useState<string | undefined>();
  const create = useMutation(createKeyMutation(useQueryClient()));
  const form = useForm({
    fields: KEY_FIELDS,
    initial: { name: '', rate_per_minute: '600' },
    problemsOf: keyProblems,
    checkMore: () => {
      setScopesProblem(scopes.length === 0 ? SCOPES_REQUIRED : undefined);
      return scopes.length > 0;
    },
    send: async (values) => {
      const created = await create.mutateAsync({
        name: values.name.trim(),
        scopes: scopes.map((index) => SCOPES[index] as IntegrationScope),
        rate_per_minute: Number(values.rate_per_minute.trim()),
      });
      onCreated(created);
    },
    reportError: reportCallError,
    // The scopes are checkboxes, not a text field: their refusal shows under the group.
    onFailure: (failure) => {
      const { scopes: problem, ...fields } = failure.fields;
      setScopesProblem(problem);
      return { ...failure, fields };
    },
  });
  return (
    <div ref={form.formRef}>
      <Form validationBehavior="aria" onSubmit={form.onSubmit} errorMessage={form.formMessage}>
        <TextField
          {...form.fieldProps('name')}
          label="Nombre"
          description="Quién la usa, por ejemplo «SAP Business One (producción)»."
          isRequired
          autoFocus
        />
        <ChoiceField
          selectionMode="multiple"
          label="Permisos"
          description="Solo lo que el programa necesita."
          options={SCOPE_OPTIONS}
          value={scopes}
          onChange={(chosen) => {
            setScopes(chosen);
            if (chosen.length > 0) setScopesProblem(undefined);
          }}
          isRequired
          isInvalid={scopesProblem !== undefined}
          {...(scopesProblem === undefined ? {} : { errorMessage: scopesProblem })}
        />
        <TextField
          {...form.fieldProps('rate_per_minute')}
          label="Límite de llamadas por minuto"
          description="Pasado el límite, la API responde 429 hasta el minuto siguiente."
          inputMode="numeric"
          isRequired
        />
        <div className="bo-integration__dialog-actions">
          <Button type="submit" isPending={form.isPending}>
            Crear la clave
          </Button>
          <Button variant="secondary" onPress={onClose}>
            Cancelar
          </Button>
        </div>
      </Form>
    </div>
  );
}

function CreatedKey({ created, onClose }: { created: AdminApiKeyCreatedResponse; onClose: () => void }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const warning = useRef<HTMLParagraphElement>(null);
  // The dialog's content changed under the focus: the warning is the first thing to read.
  useEffect(() => warning.current?.focus(), []);
  const { data: key, secret } = created;
  return (
    <div className="bo-integration__created">
      <p className="bo-integration__warning" ref={warning} tabIndex={-1}>
        Copia la clave ahora: no volverá a mostrarse.
      </p>
      <p className="bo-integration__muted">
        «{key.name}» ({shownPrefix(key)}) está activa. Guárdala donde el programa la lea; el laboratorio solo
        conserva su huella, no la clave.
      </p>
      <div className="bo-integration__secret">
        <TextField label="Clave secreta" value={secret} isReadOnly className="bo-integration__secret-field" />
        <Button
          variant="secondary"
          onPress={() =>
            void navigator.clipboard
              .writeText(secret)
              .then(() => setCopy('copied'))
              .catch(() => setCopy('failed'))
          }
        >
          Copiar
        </Button>
      </div>
      <p role="status" className="bo-integration__muted">
        {copy === 'copied'
          ? 'Clave copiada.'
          : copy === 'failed'
            ? 'No se ha podido copiar: selecciona la clave y cópiala.'
            : ''}
      </p>
      <p>Para comprobarla:</p>
      <pre className="bo-integration__curl">
        <code>{curlExample(window.location.origin, secret)}</code>
      </pre>
      <div className="bo-integration__dialog-actions">
        <Button onPress={onClose}>Hecho, ya la he copiado</Button>
      </div>
    </div>
  );
}

export function NewKeyDialog({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<AdminApiKeyCreatedResponse | null>(null);
  return (
    <Dialog
      title={created ? 'Clave creada' : 'Nueva clave de API'}
      isOpen
      // Once the secret shows, only the explicit button closes it: a stray Escape would lose it.
      isDismissable={created === null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      size="md"
    >
      {created ? (
        <CreatedKey created={created} onClose={onClose} />
      ) : (
        <KeyForm onCreated={setCreated} onClose={onClose} />
      )}
    </Dialog>
  );
}
