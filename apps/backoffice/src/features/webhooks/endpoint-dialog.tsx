/**
 * The form of a webhook endpoint, in a dialog: its URL, a description, the events it receives and
 * whether it is active. A new one gets its secret from the server.
 */
import {
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@botica/api-client/admin';
import { useForm } from '@botica/app-shell';
import { Button, Checkbox, Dialog, Form, Switch, showToast, TextField } from '@botica/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { reportCallError } from '../../shared/errors.ts';
import { refreshWebhooks, webhookCalls } from './queries.ts';
import { ENDPOINT_FIELDS, EVENT_LABELS, endpointProblems } from './webhook-form.ts';

export function EndpointDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [events, setEvents] = useState<readonly WebhookEvent[]>(
    endpoint?.events ?? ['order.placed', 'order.cancelled'],
  );
  const [eventsError, setEventsError] = useState<string | undefined>(undefined);
  const [active, setActive] = useState(endpoint?.is_active ?? true);
  const eventsLabel = useId();
  const eventsMessage = useId();
  const form = useForm({
    fields: ENDPOINT_FIELDS,
    initial: { url: endpoint?.url ?? 'https://', description: endpoint?.description ?? '' },
    problemsOf: endpointProblems,
    checkMore: () => {
      const problem = events.length === 0 ? WEBHOOK_MESSAGES.eventsRequired : undefined;
      setEventsError(problem);
      return problem === undefined;
    },
    onFailure: (failure) => {
      const { events: eventProblem, ...fields } = failure.fields;
      setEventsError(eventProblem);
      return { ...failure, fields };
    },
    send: async (values) => {
      const body = { url: values.url.trim(), description: values.description.trim(), events: [...events] };
      if (endpoint)
        await webhookCalls.update(endpoint.id, { ...body, is_active: active, version: endpoint.version });
      else await webhookCalls.create({ ...body, is_active: active });
      await refreshWebhooks(queryClient);
      showToast({
        title: endpoint ? 'Destino guardado' : 'Destino añadido',
        description: body.url,
        tone: 'success',
      });
      onClose();
    },
    reportError: reportCallError,
  });
  const toggle = (event: WebhookEvent, isSelected: boolean) => {
    setEvents((current) =>
      WEBHOOK_EVENTS.filter((known) => (known === event ? isSelected : current.includes(known))),
    );
    setEventsError(undefined);
  };
  return (
    <Dialog
      title={endpoint ? 'Editar destino' : 'Nuevo destino'}
      isOpen
      isDismissable={!form.isPending}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      size="md"
    >
      <div ref={form.formRef}>
        <Form validationBehavior="aria" onSubmit={form.onSubmit} errorMessage={form.formMessage}>
          <TextField
            {...form.fieldProps('url')}
            label="Dirección (URL)"
            type="url"
            description="Donde el ERP recibe los avisos: https://… (http:// solo hacia este equipo, para pruebas)."
            isRequired
            autoFocus
          />
          <TextField {...form.fieldProps('description')} label="Descripción" description="Opcional." />
          <fieldset
            className="bo-webhooks__events"
            aria-labelledby={eventsLabel}
            aria-describedby={eventsError ? eventsMessage : undefined}
          >
            <legend id={eventsLabel} className="bt-field__label">
              Eventos
            </legend>
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox
                key={event}
                isSelected={events.includes(event)}
                onChange={(isSelected) => toggle(event, isSelected)}
                isInvalid={eventsError !== undefined}
              >
                {EVENT_LABELS[event]} <code className="bo-webhooks__code">{event}</code>
              </Checkbox>
            ))}
            {eventsError ? (
              <p id={eventsMessage} className="bo-webhooks__error" role="alert">
                {eventsError}
              </p>
            ) : null}
          </fieldset>
          <Switch isSelected={active} onChange={setActive} description="Uno inactivo no recibe nada.">
            Activo
          </Switch>
          <div className="bo-webhooks__actions">
            <Button type="submit" isPending={form.isPending}>
              {endpoint ? 'Guardar cambios' : 'Añadir destino'}
            </Button>
            <Button variant="secondary" onPress={onClose}>
              Cancelar
            </Button>
          </div>
        </Form>
      </div>
    </Dialog>
  );
}
