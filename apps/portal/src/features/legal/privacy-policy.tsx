/**
 * /politica-de-privacidad: the privacy policy (RGPD art. 13, LOPDGDD), written after what the product
 * really stores: sessions with their address and browser, attempt counters, accounts, carts and
 * orders, registration requests, e-mails, training sign-ups and survey answers, and analytics only
 * with consent. The retention figures come from @botica/domain's DATA_RETENTION, which an API test
 * keeps equal to the API's defaults.
 */
import { addressLines, DATA_RETENTION, type Laboratory } from '@botica/domain';
import type { ReactNode } from 'react';
import { LegalDocument, type LegalSection } from './legal-document.tsx';

/** The date of the text's last revision. */
export const PRIVACY_POLICY_UPDATED = '2026-11-24';

/** One processing purpose: what for, on what legal basis, for how long. */
interface Purpose {
  id: string;
  purpose: ReactNode;
  basis: ReactNode;
  retention: ReactNode;
}

function minutes(value: number): string {
  return value % 60 === 0 ? `${value / 60} ${value === 60 ? 'hora' : 'horas'}` : `${value} minutos`;
}

function purposes(): Purpose[] {
  return [
    {
      id: 'relacion',
      purpose:
        'Gestionar la relación comercial con la farmacia: su ficha de cliente, el pedido en curso, los pedidos enviados, los envíos, las facturas y los abonos, y la atención de su equipo comercial.',
      basis: 'Ejecución del contrato de suministro (art. 6.1.b RGPD).',
      retention:
        'Mientras dure la relación comercial y, después, durante los plazos de prescripción de las acciones que puedan derivarse de ella.',
    },
    {
      id: 'obligaciones',
      purpose:
        'Conservar las facturas, los pedidos y la contabilidad que exige la ley, y atender los requerimientos de las autoridades.',
      basis: 'Cumplimiento de obligaciones legales (art. 6.1.c RGPD).',
      retention:
        'Seis años los libros y documentos mercantiles (art. 30 del Código de Comercio) y, como mínimo, cuatro años la documentación fiscal (art. 66 de la Ley General Tributaria).',
    },
    {
      id: 'cuentas',
      purpose:
        'Dar de alta y mantener las cuentas del portal: la del usuario principal de la farmacia y las de los usuarios que este cree, con sus permisos.',
      basis: 'Ejecución del contrato (art. 6.1.b RGPD).',
      retention:
        'Mientras la cuenta esté activa. Al darla de baja, sus datos se bloquean durante los plazos legales y después se suprimen.',
    },
    {
      id: 'altas',
      purpose:
        'Estudiar las solicitudes de alta de nuevas farmacias (usuario deseado, CIF, nombre de la farmacia, correo, teléfono y código postal) y avisar de ellas a la administración de ventas.',
      basis: 'Aplicación de medidas precontractuales a petición de la farmacia (art. 6.1.b RGPD).',
      retention: `Hasta resolver la solicitud. Si no se formaliza el alta, los datos se suprimen en un plazo máximo de ${DATA_RETENTION.unsuccessfulRegistrationMonths} meses.`,
    },
    {
      id: 'correos',
      purpose:
        'Enviar los correos del servicio: el acuse de una solicitud de alta, el enlace para restablecer la contraseña (válido una hora y de un solo uso) y las confirmaciones de inscripción a webinars con su invitación de calendario.',
      basis: 'Ejecución del contrato o de medidas precontractuales (art. 6.1.b RGPD).',
      retention: 'Los del propio mensaje y su envío, mientras sean necesarios para acreditarlo.',
    },
    {
      id: 'formacion',
      purpose:
        'Organizar la formación: inscribir a los usuarios en los webinars, darles acceso al material científico y a las grabaciones, y recoger sus respuestas a las encuestas de «Te escuchamos».',
      basis:
        'Ejecución del contrato para la formación solicitada (art. 6.1.b RGPD); interés legítimo del laboratorio en conocer la opinión de sus clientes para mejorar (art. 6.1.f RGPD). Responder a las encuestas es voluntario.',
      retention: `Las inscripciones, mientras la cuenta esté activa. Las respuestas a encuestas, ${DATA_RETENTION.surveyAnswersYearsAfterClose} años desde su cierre; después solo se conservan resultados agregados, sin datos personales.`,
    },
    {
      id: 'seguridad',
      purpose:
        'Proteger el portal y las cuentas: mantener la sesión iniciada (con la dirección IP y el navegador con que se inició) y contar los intentos de acceso, de restablecimiento de contraseña y de solicitud de alta por usuario y por dirección IP, para frenar los ataques.',
      basis:
        'Interés legítimo en garantizar la seguridad de la red y de la información (art. 6.1.f y considerando 49 del RGPD).',
      retention: `Las sesiones se borran tras ${minutes(DATA_RETENTION.sessionIdleMinutes)} sin actividad o al cerrar sesión. Los contadores de intentos se borran al acabar su periodo: ${DATA_RETENTION.attemptWindowMinutes} minutos o ${DATA_RETENTION.attemptDayWindowHours} horas.`,
    },
    {
      id: 'analitica',
      purpose:
        'Medir el uso del portal (páginas vistas, clics en menús y pasos del pedido) con el gestor de etiquetas del laboratorio, para mejorarlo.',
      basis:
        'Consentimiento (art. 6.1.a RGPD y art. 22.2 LSSI-CE), que se puede retirar en cualquier momento.',
      retention: (
        <>
          Lo indicado en la <a href="/politica-de-cookies">política de cookies</a> para cada cookie de
          analítica.
        </>
      ),
    },
  ];
}

function sections(lab: Laboratory): LegalSection[] {
  const address = addressLines(lab).join(', ');
  return [
    {
      id: 'responsable',
      title: 'Responsable del tratamiento',
      content: (
        <dl className="legal__facts">
          <dt>Responsable</dt>
          <dd>
            {lab.legalName} (CIF {lab.taxId})
          </dd>
          <dt>Dirección</dt>
          <dd>{addressLines(lab).slice(1).join(', ')}</dd>
          <dt>Teléfono</dt>
          <dd>
            <a href={`tel:${lab.phone.replace(/[^\d+]/g, '')}`}>{lab.phone}</a>
          </dd>
          <dt>Correo para la privacidad</dt>
          <dd>
            <a href={`mailto:${lab.privacyEmail}`}>{lab.privacyEmail}</a>
          </dd>
          <dt>Delegado de protección de datos</dt>
          <dd>
            <a href={`mailto:${lab.dpoEmail}`}>{lab.dpoEmail}</a>
          </dd>
        </dl>
      ),
    },
    {
      id: 'datos',
      title: 'Qué datos tratamos',
      content: (
        <ul>
          <li>
            <strong>De la farmacia:</strong> razón social, CIF o NIF, dirección, teléfono, correo electrónico,
            condiciones comerciales y comercial asignado.
          </li>
          <li>
            <strong>De los usuarios del portal:</strong> nombre, nombre de usuario, correo electrónico y
            permisos. La contraseña nunca se guarda tal cual: solo un resumen cifrado del que no se puede
            recuperar.
          </li>
          <li>
            <strong>De la actividad comercial:</strong> el pedido en curso, los pedidos enviados, envíos,
            facturas y abonos.
          </li>
          <li>
            <strong>De las solicitudes de alta:</strong> el usuario deseado, el CIF, el nombre de la farmacia,
            el correo, el teléfono y el código postal.
          </li>
          <li>
            <strong>De la formación:</strong> las inscripciones a webinars y las respuestas a encuestas.
          </li>
          <li>
            <strong>Técnicos y de seguridad:</strong> la dirección IP y el navegador con que se inicia cada
            sesión, su hora de inicio y de última actividad, y los contadores de intentos de acceso por
            usuario y por dirección IP.
          </li>
          <li>
            <strong>De uso, solo si lo aceptas:</strong> las páginas que visitas y las acciones que haces en
            el portal, a través de las cookies de analítica.
          </li>
        </ul>
      ),
    },
    {
      id: 'finalidades',
      title: 'Para qué los tratamos, con qué base y durante cuánto tiempo',
      content: (
        <div className="legal__table-wrap">
          <table className="legal__table legal__table--stack">
            <caption>Finalidades, bases jurídicas y plazos de conservación</caption>
            <thead>
              <tr>
                <th scope="col">Finalidad</th>
                <th scope="col">Base jurídica</th>
                <th scope="col">Conservación</th>
              </tr>
            </thead>
            <tbody>
              {purposes().map((row) => (
                <tr key={row.id}>
                  <td data-label="Finalidad">{row.purpose}</td>
                  <td data-label="Base jurídica">{row.basis}</td>
                  <td data-label="Conservación">{row.retention}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ),
    },
    {
      id: 'destinatarios',
      title: 'A quién se comunican',
      content: (
        <>
          <p>
            No cedemos los datos a terceros, salvo obligación legal (por ejemplo, a la Agencia Tributaria o a
            juzgados y tribunales). Para prestar el servicio nos ayudan estos encargados del tratamiento, con
            contrato conforme al artículo 28 del RGPD:
          </p>
          <ul>
            <li>el proveedor de alojamiento de los servidores y de la base de datos del portal;</li>
            <li>
              el proveedor del servicio de correo electrónico con el que se envían los mensajes del portal;
            </li>
            <li>las empresas de transporte que entregan los pedidos, con los datos de entrega;</li>
            <li>
              Google Ireland Limited, como proveedor del gestor de etiquetas y de la analítica, solo si
              aceptas las cookies de analítica.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'transferencias',
      title: 'Transferencias internacionales',
      content: (
        <p>
          El portal, su base de datos y el correo se alojan en el Espacio Económico Europeo. Solo si aceptas
          la analítica, Google puede tratar datos de uso desde Estados Unidos; Google LLC está adherida al
          Marco de Privacidad de Datos UE-EE. UU., con decisión de adecuación de la Comisión Europea de 10 de
          julio de 2023.
        </p>
      ),
    },
    {
      id: 'derechos',
      title: 'Tus derechos',
      content: (
        <>
          <p>
            Puedes acceder a tus datos, rectificarlos, suprimirlos, oponerte a su tratamiento, pedir que se
            limite y pedir su portabilidad, así como retirar en cualquier momento el consentimiento que hayas
            dado, sin que ello afecte a los tratamientos anteriores. No tomamos decisiones automatizadas ni
            elaboramos perfiles con efectos jurídicos sobre ti.
          </p>
          <p>
            Para ejercerlos, escribe a <a href={`mailto:${lab.privacyEmail}`}>{lab.privacyEmail}</a> o por
            correo postal a {address}, indicando el derecho que ejerces y con un medio que nos permita
            identificarte. Responderemos en el plazo de un mes. Las cookies de analítica se pueden rechazar o
            retirar en cualquier momento desde la <a href="/politica-de-cookies">política de cookies</a>.
          </p>
          <p>
            Si crees que no hemos atendido bien tu solicitud, puedes contactar con nuestro delegado de
            protección de datos (<a href={`mailto:${lab.dpoEmail}`}>{lab.dpoEmail}</a>) y reclamar ante la
            Agencia Española de Protección de Datos (C/ Jorge Juan, 6, 28001 Madrid,{' '}
            <a href="https://www.aepd.es" target="_blank" rel="noopener noreferrer">
              www.aepd.es
              <span className="legal__visually-hidden"> (se abre en una pestaña nueva)</span>
            </a>
            ).
          </p>
        </>
      ),
    },
    {
      id: 'seguridad',
      title: 'Cómo protegemos los datos',
      content: (
        <p>
          El portal funciona sobre conexiones cifradas; las contraseñas se guardan solo como resumen cifrado;
          la cookie de sesión es un valor aleatorio del que el servidor guarda solo un resumen; cada envío de
          datos se comprueba contra ataques de falsificación de peticiones (CSRF), y cada farmacia solo puede
          ver sus propios datos.
        </p>
      ),
    },
    {
      id: 'terceros',
      title: 'Datos de otras personas',
      content: (
        <p>
          Si, como usuario principal, creas usuarios para tu equipo o nos facilitas datos de otras personas,
          debes haberles informado de esta política y, cuando sea necesario, contar con su consentimiento.
        </p>
      ),
    },
    {
      id: 'cambios',
      title: 'Cambios en esta política',
      content: (
        <p>
          Si cambiamos esta política, publicaremos aquí la nueva versión con su fecha y, si el cambio es
          importante, te lo comunicaremos por el portal o por correo electrónico.
        </p>
      ),
    },
  ];
}

export function PrivacyPolicy({ laboratory }: { laboratory: Laboratory }) {
  return (
    <LegalDocument
      laboratory={laboratory}
      title="Política de privacidad"
      updated={PRIVACY_POLICY_UPDATED}
      intro={
        <p>
          En {laboratory.legalName} tratamos los datos de las farmacias y de sus usuarios solo para lo que
          explica esta política, conforme al Reglamento (UE) 2016/679 (RGPD) y a la Ley Orgánica 3/2018 de
          Protección de Datos Personales y garantía de los derechos digitales (LOPDGDD).
        </p>
      }
      sections={sections(laboratory)}
    />
  );
}
