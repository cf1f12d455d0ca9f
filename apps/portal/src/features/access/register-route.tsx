/**
 * /login/register: a pharmacy that is not yet a client asks to become one. The fields
 * are the wire's (`RegisterRequest`): the username it wants, its CIF/NIF, its name, e-mail, phone and
 * postal code, and the privacy policy accepted. Each field is checked with `@botica/domain`'s rules
 * when left and when sent; the server's 422 messages show under their fields. The answer
 * is the same whether the pharmacy is known or not, and the page goes on to /login/notification.
 * The help block (phone, e-mail and the chat widget's slot) shows on this route only.
 */

import { AriaScope, useDocumentTitle, useForm } from '@botica/app-shell';
import { registrationProblems, USERNAME_RULE } from '@botica/domain';
import { Button, Checkbox, Form, TextField } from '@botica/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { AccessCard } from './access-card.tsx';
import { HelpContact } from './help-contact.tsx';
import { notificationPath } from './notifications.ts';
import './access.css';
import { requestRegistration, usePreparedRequests } from './requests.ts';

// In the form's order: where the focus goes first when several are wrong.
const FIELDS = ['username', 'pharmacy_name', 'cif', 'postal_code', 'email', 'phone'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = {
  username: '',
  cif: '',
  pharmacy_name: '',
  email: '',
  phone: '',
  postal_code: '',
};

/** The message of the privacy checkbox left unticked (the server's, for the same field). */
const PRIVACY_MESSAGE = 'Debes aceptar la política de privacidad.';

export function Component() {
  useDocumentTitle('Solicitar alta');
  const navigate = useNavigate();
  const [privacy, setPrivacy] = useState({ accepted: false, message: undefined as string | undefined });
  const form = useForm({
    fields: FIELDS,
    initial: EMPTY,
    problemsOf: registrationProblems,
    checkMore: (areFieldsValid) => {
      const privacyMessage = privacy.accepted ? undefined : PRIVACY_MESSAGE;
      setPrivacy({ ...privacy, message: privacyMessage });
      if (areFieldsValid && privacyMessage) {
        form.formRef.current?.querySelector<HTMLInputElement>('input[name="privacy_accepted"]')?.focus();
      }
      return privacyMessage === undefined;
    },
    send: async (values) => {
      await requestRegistration({
        username: values.username.trim().toLowerCase(),
        cif: values.cif.trim().toUpperCase(),
        pharmacy_name: values.pharmacy_name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        postal_code: values.postal_code.trim(),
        privacy_accepted: true,
      });
      void navigate(notificationPath('alta'));
    },
    // The privacy checkbox is no text field: its message shows beside it.
    onFailure: (failure) => {
      const { privacy_accepted: privacyError, ...fields } = failure.fields;
      if (privacyError) setPrivacy((current) => ({ ...current, message: privacyError }));
      return { ...failure, fields };
    },
    reportError: reportCallError,
  });
  usePreparedRequests();

  return (
    <AriaScope>
      <div className="access">
        <AccessCard
          isWide
          title="Solicita el alta de tu farmacia"
          intro="Déjanos los datos de tu farmacia. El laboratorio los revisará y te escribirá para darte acceso al portal."
          links={[{ lead: '¿Tu farmacia ya es cliente?', label: 'Entra con tu usuario', href: '/login' }]}
        >
          <div ref={form.formRef}>
            <Form validationBehavior="aria" onSubmit={form.onSubmit} errorMessage={form.formMessage}>
              <TextField
                {...form.fieldProps('username')}
                label="Nombre de usuario que quieres"
                description={`Con él entrarás en el portal. ${USERNAME_RULE}`}
                isRequired
                autoComplete="username"
              />
              <TextField
                {...form.fieldProps('pharmacy_name')}
                label="Nombre de la farmacia"
                isRequired
                autoComplete="organization"
              />
              <div className="access__row">
                <TextField {...form.fieldProps('cif')} label="CIF/NIF" isRequired autoComplete="off" />
                <TextField
                  {...form.fieldProps('postal_code')}
                  label="Código postal"
                  isRequired
                  autoComplete="postal-code"
                  inputMode="numeric"
                  maxLength={5}
                />
              </div>
              <div className="access__row">
                <TextField
                  {...form.fieldProps('email')}
                  label="Correo electrónico"
                  type="email"
                  isRequired
                  autoComplete="email"
                />
                <TextField
                  {...form.fieldProps('phone')}
                  label="Teléfono"
                  type="tel"
                  isRequired
                  autoComplete="tel"
                />
              </div>
              <div className="access__privacy">
                <Checkbox
                  name="privacy_accepted"
                  isSelected={privacy.accepted}
                  onChange={(accepted) =>
                    setPrivacy({ accepted, message: accepted ? undefined : privacy.message })
                  }
                  isInvalid={privacy.message !== undefined}
                  aria-describedby={privacy.message ? 'privacy-note privacy-error' : 'privacy-note'}
                >
                  He leído y acepto la política de privacidad
                </Checkbox>
                <p id="privacy-note" className="access__privacy-note">
                  Usamos estos datos solo para estudiar tu solicitud y contestarte.{' '}
                  <a
                    href="/politica-de-privacidad"
                    target="_blank"
                    rel="noopener"
                    className="bt-link bt-link--inline"
                  >
                    Lee la política de privacidad
                    <span className="bt-visually-hidden"> (se abre en una pestaña nueva)</span>
                  </a>
                </p>
              </div>
              {privacy.message ? (
                <div id="privacy-error" className="bt-field__error access__consent-error">
                  {privacy.message}
                </div>
              ) : null}
              <Button type="submit" size="lg" isFullWidth isPending={form.isPending}>
                Enviar solicitud
              </Button>
            </Form>
          </div>
        </AccessCard>
        <HelpContact />
      </div>
    </AriaScope>
  );
}
