/**
 * /backoffice/configuration: the laboratory's order rules (the minimum order and the monthly cap per
 * pharmacy, typed as es-ES writes amounts) and the portal's maintenance switch, turned either way only
 * after a confirmation that says what the pharmacists will see. Admins only: the server answers a
 * sales rep 403, which the page's error shows inside the layout.
 */
import type { AdminConfiguration } from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle, useForm } from '@botica/app-shell';
import { Badge, Button, ConfirmDialog, Form, Switch, showToast, TextField } from '@botica/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { amountText, RULE_FIELDS, ruleProblems } from './amounts.ts';
import { configurationQuery, maintenanceMutation, orderRulesMutation } from './queries.ts';
import './configuration.css';

export async function loader({ context }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  return queryClient.fetchQuery(configurationQuery());
}

function OrderRulesForm({ current }: { current: AdminConfiguration }) {
  const save = useMutation(orderRulesMutation(useQueryClient()));
  const form = useForm({
    fields: RULE_FIELDS,
    initial: {
      order_minimum_amount: amountText(current.order_minimum_amount),
      maximum_purchase_per_month: amountText(current.maximum_purchase_per_month),
    },
    problemsOf: ruleProblems,
    send: async (values) => {
      const { data } = await save.mutateAsync({
        order_minimum_amount: values.order_minimum_amount.trim(),
        maximum_purchase_per_month: values.maximum_purchase_per_month.trim(),
      });
      showToast({
        title: 'Reglas de pedido guardadas',
        description: `Pedido mínimo: ${amountText(data.order_minimum_amount)} €. Máximo al mes por farmacia: ${amountText(data.maximum_purchase_per_month)} €.`,
        tone: 'success',
      });
    },
    reportError: reportCallError,
  });
  return (
    <section className="bo-configuration__card" aria-labelledby="order-rules-title">
      <h2 id="order-rules-title">Reglas de pedido</h2>
      <p className="bo-configuration__muted">
        Se aplican en el siguiente cambio del carrito de cada farmacia. Importes en euros, por ejemplo 150,
        150,50 o 1.500,00.
      </p>
      <div ref={form.formRef}>
        <Form validationBehavior="aria" onSubmit={form.onSubmit} errorMessage={form.formMessage}>
          <div className="bo-configuration__fields">
            <TextField
              {...form.fieldProps('order_minimum_amount')}
              label="Pedido mínimo (€)"
              description="Lo que debe sumar el carrito para poder enviar el pedido (0: sin mínimo)."
              inputMode="decimal"
              isRequired
            />
            <TextField
              {...form.fieldProps('maximum_purchase_per_month')}
              label="Máximo de compra al mes por farmacia (€)"
              description="Lo que una farmacia puede pedir en un mes natural, el carrito incluido."
              inputMode="decimal"
              isRequired
            />
          </div>
          <div className="bo-configuration__actions">
            <Button type="submit" isPending={form.isPending}>
              Guardar
            </Button>
          </div>
        </Form>
      </div>
    </section>
  );
}

function MaintenanceSwitch({ isOn }: { isOn: boolean }) {
  const [asked, setAsked] = useState<boolean | null>(null);
  const turn = useMutation(maintenanceMutation(useQueryClient()));

  async function confirm(on: boolean) {
    try {
      await turn.mutateAsync(on);
      showToast({
        title: on ? 'Portal en mantenimiento' : 'Mantenimiento desactivado',
        description: on
          ? 'Las farmacias ven la página de mantenimiento hasta que lo desactives.'
          : 'Las farmacias pueden volver a entrar en el portal.',
        tone: on ? 'info' : 'success',
      });
    } catch (error) {
      reportCallError(error);
      throw error;
    }
  }

  return (
    <section className="bo-configuration__card" aria-labelledby="maintenance-title">
      <h2 id="maintenance-title">
        Mantenimiento del portal{' '}
        <Badge tone={isOn ? 'warning' : 'success'}>{isOn ? 'Activado' : 'Desactivado'}</Badge>
      </h2>
      <p className="bo-configuration__muted">
        Mientras esté activado, las farmacias no pueden entrar en el portal ni hacer pedidos. El back office
        sigue funcionando para el personal del laboratorio.
      </p>
      <Switch isSelected={isOn} isDisabled={turn.isPending} onChange={(on) => setAsked(on)}>
        Portal en mantenimiento
      </Switch>
      {asked !== null ? (
        <ConfirmDialog
          title={asked ? '¿Poner el portal en mantenimiento?' : '¿Desactivar el mantenimiento?'}
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) setAsked(null);
          }}
          confirmLabel={asked ? 'Activar el mantenimiento' : 'Desactivar el mantenimiento'}
          isDestructive={asked}
          onConfirm={() => confirm(asked)}
        >
          {asked
            ? 'Todas las páginas del portal mostrarán a las farmacias «La página esta en mantenimiento.» y no podrán iniciar sesión ni enviar pedidos hasta que lo desactives. El back office seguirá funcionando.'
            : 'Las farmacias podrán volver a entrar en el portal y hacer pedidos.'}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

export function Component() {
  useDocumentTitle('Configuración');
  const { data } = useSuspenseQuery(configurationQuery());
  return (
    <section className="bo-configuration" aria-labelledby="configuration-title">
      <h1 id="configuration-title">Configuración</h1>
      <p className="bo-configuration__muted">
        Las reglas de pedido del portal y su modo de mantenimiento. Cada cambio queda registrado.
      </p>
      <div className="bo-configuration__cards">
        <OrderRulesForm current={data.data} />
        <MaintenanceSwitch isOn={data.data.maintenance} />
      </div>
    </section>
  );
}
