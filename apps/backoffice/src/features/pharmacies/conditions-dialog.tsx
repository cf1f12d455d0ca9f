/**
 * 'Cambiar condiciones': the admin picks the pharmacy's discount group and sales rep and sets its
 * recargo de equivalencia, then reads what changes and confirms it. The server's refusals (a group
 * or rep that no longer exists) show under their fields.
 */
import type { AdminPharmacyDetail } from '@botica/api-client/admin';
import { formFailure } from '@botica/app-shell';
import { Button, Dialog, Form, Select, Switch, showToast } from '@botica/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { reportCallError } from '../../shared/errors.ts';
import {
  type ConditionChange,
  type ConditionsForm,
  conditionChanges,
  conditionsOf,
  conditionsRequest,
  groupLabel,
} from './conditions.ts';
import { conditionsMutation, discountGroupList, salesRepList } from './queries.ts';

/** The select's key of 'none' (react-aria keys may not be empty). */
const NONE = 'none';
const toKey = (id: string) => (id === '' ? NONE : id);
const fromKey = (key: unknown) => (key === NONE || key == null ? '' : String(key));

interface Failure {
  message?: string | undefined;
  fields: Record<string, string>;
}

function ConditionsDialog({ pharmacy, onClose }: { pharmacy: AdminPharmacyDetail; onClose: () => void }) {
  const id = String(pharmacy.id);
  const reps = useQuery(salesRepList());
  const groups = useQuery(discountGroupList());
  const save = useMutation(conditionsMutation(useQueryClient(), id));
  const [form, setForm] = useState<ConditionsForm>(() => conditionsOf(pharmacy));
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [failure, setFailure] = useState<Failure | null>(null);
  const lookups = { groups: groups.data?.data ?? [], reps: reps.data?.data ?? [] };
  const changes: ConditionChange[] = conditionChanges(pharmacy, form, lookups);
  const isLoading = reps.isPending || groups.isPending;
  const review = useRef<HTMLDivElement>(null);
  const changesId = useId();

  // The review replaces the form and its focused button: the focus goes to 'Guardar los cambios',
  // which the list of changes describes.
  useEffect(() => {
    if (step === 'confirm') review.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [step]);

  function toReview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (changes.length === 0) {
      setFailure({ message: 'No has cambiado ninguna condición.', fields: {} });
      return;
    }
    setFailure(null);
    setStep('confirm');
  }

  async function confirm() {
    try {
      await save.mutateAsync(conditionsRequest(changes, form));
      showToast({ title: `Condiciones de ${pharmacy.name} guardadas`, tone: 'success' });
      onClose();
    } catch (error) {
      const shown = formFailure(error);
      if (!shown) {
        reportCallError(error);
        return;
      }
      setFailure({ message: shown.message, fields: shown.fields });
      setStep('edit');
    }
  }

  return (
    <Dialog
      title={`Cambiar las condiciones de ${pharmacy.name}`}
      isOpen
      isDismissable={!save.isPending}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      size="md"
    >
      {step === 'edit' ? (
        <Form
          onSubmit={toReview}
          serverErrors={failure?.fields ?? null}
          errorMessage={failure?.message}
          validationBehavior="aria"
        >
          <Select
            label="Grupo de descuento"
            name="discount_group_id"
            isDisabled={isLoading}
            value={toKey(form.discountGroupId)}
            onChange={(key) => setForm({ ...form, discountGroupId: fromKey(key) })}
            options={[
              { id: NONE, label: groupLabel(null) },
              ...lookups.groups.map((group) => ({ id: String(group.id), label: groupLabel(group) })),
            ]}
            autoFocus
          />
          <Select
            label="Comercial"
            name="sales_rep_id"
            isDisabled={isLoading}
            value={toKey(form.salesRepId)}
            onChange={(key) => setForm({ ...form, salesRepId: fromKey(key) })}
            options={[
              { id: NONE, label: 'Sin comercial' },
              ...lookups.reps.map((rep) => ({ id: String(rep.id), label: `${rep.name} (${rep.zone})` })),
            ]}
          />
          <Switch
            isSelected={form.recargo}
            onChange={(recargo) => setForm({ ...form, recargo })}
            description="Sus pedidos llevan el recargo por tipo de IVA."
          >
            Recargo de equivalencia
          </Switch>
          {failure?.fields.recargo_equivalencia ? (
            <p className="bo-pharmacies__field-error">{failure.fields.recargo_equivalencia}</p>
          ) : null}
          <div className="bo-pharmacies__dialog-actions">
            <Button type="submit" isDisabled={isLoading}>
              Revisar los cambios
            </Button>
            <Button variant="secondary" onPress={onClose}>
              Cancelar
            </Button>
          </div>
        </Form>
      ) : (
        <div className="bo-pharmacies__review" ref={review}>
          <p>Se cambiarán estas condiciones de {pharmacy.name}:</p>
          <ul aria-label="Cambios" id={changesId}>
            {changes.map((change) => (
              <li key={change.field}>
                <strong>{change.label}:</strong> {change.before} → {change.after}
              </li>
            ))}
          </ul>
          <div className="bo-pharmacies__dialog-actions">
            <Button onPress={confirm} isPending={save.isPending} aria-describedby={changesId}>
              Guardar los cambios
            </Button>
            <Button variant="secondary" isDisabled={save.isPending} onPress={() => setStep('edit')}>
              Volver
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** 'Cambiar condiciones' and its dialog (admins only). */
export function ConditionsButton({ pharmacy }: { pharmacy: AdminPharmacyDetail }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onPress={() => setOpen(true)}>
        Cambiar condiciones
      </Button>
      {isOpen ? <ConditionsDialog pharmacy={pharmacy} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
