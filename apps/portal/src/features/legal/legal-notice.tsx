/** /aviso-legal: the information society notice (LSSI-CE art. 10) and the portal's terms of use. */
import { addressLines, type Laboratory, registryLine } from '@botica/domain';
import { LegalDocument, type LegalSection } from './legal-document.tsx';

/** The date of the text's last revision. */
export const LEGAL_NOTICE_UPDATED = '2026-11-24';

function sections(lab: Laboratory): LegalSection[] {
  const [, ...street] = addressLines(lab);
  return [
    {
      id: 'titular',
      title: 'Titular del portal',
      content: (
        <>
          <p>
            En cumplimiento del artículo 10 de la Ley 34/2002, de 11 de julio, de servicios de la sociedad de
            la información y de comercio electrónico (LSSI-CE), estos son los datos del titular de este
            portal:
          </p>
          <dl className="legal__facts">
            <dt>Denominación social</dt>
            <dd>{lab.legalName}</dd>
            <dt>Nombre comercial</dt>
            <dd>{lab.tradeName}</dd>
            <dt>CIF</dt>
            <dd>{lab.taxId}</dd>
            <dt>Domicilio social</dt>
            <dd>{street.join(', ')}</dd>
            <dt>Datos registrales</dt>
            <dd>{registryLine(lab)}</dd>
            <dt>Teléfono</dt>
            <dd>
              <a href={`tel:${lab.phone.replace(/[^\d+]/g, '')}`}>{lab.phone}</a>
            </dd>
            <dt>Correo electrónico</dt>
            <dd>
              <a href={`mailto:${lab.email}`}>{lab.email}</a>
            </dd>
            <dt>Autorización administrativa</dt>
            <dd>
              Laboratorio farmacéutico autorizado por la {lab.authorisation.authority} con el número{' '}
              {lab.authorisation.number}.
            </dd>
            {lab.foodRegistry ? (
              <>
                <dt>Registro sanitario</dt>
                <dd>
                  Complementos alimenticios inscritos en el Registro General Sanitario de Empresas
                  Alimentarias y Alimentos (RGSEAA) con el número {lab.foodRegistry}.
                </dd>
              </>
            ) : null}
          </dl>
        </>
      ),
    },
    {
      id: 'objeto',
      title: 'Objeto del portal y a quién se dirige',
      content: (
        <>
          <p>
            Este portal es el canal profesional de {lab.legalName} para las oficinas de farmacia que son
            clientes del laboratorio. Desde él, las farmacias consultan el catálogo con sus precios y
            descuentos, preparan y envían sus pedidos, siguen sus pedidos, envíos y facturas, gestionan los
            usuarios de su farmacia y acceden a la formación del laboratorio (webinars, material científico y
            noticias).
          </p>
          <p>
            La información sobre medicamentos y productos del portal se dirige exclusivamente a profesionales
            sanitarios facultados para dispensarlos, conforme al Real Decreto 1416/1994, que regula la
            publicidad de los medicamentos de uso humano. No sustituye a la ficha técnica ni al prospecto
            autorizados.
          </p>
        </>
      ),
    },
    {
      id: 'acceso',
      title: 'Acceso y uso del portal',
      content: (
        <>
          <p>
            La agenda de webinars, las noticias y estas páginas legales son de acceso libre. El resto del
            portal requiere una cuenta, que el laboratorio concede a la farmacia después de estudiar su
            solicitud de alta.
          </p>
          <ul>
            <li>
              La cuenta es personal. Cada usuario custodia su contraseña y no la comparte; si sospecha que
              otra persona la conoce, debe cambiarla y avisar al laboratorio.
            </li>
            <li>
              El usuario principal de la farmacia puede crear usuarios adicionales para su equipo y decidir si
              pueden enviar pedidos o ver facturas. Responde de su uso e informa a esas personas del
              tratamiento de sus datos.
            </li>
            <li>
              Para proteger las cuentas, el portal limita los intentos de acceso fallidos y cierra la sesión
              tras un tiempo sin actividad.
            </li>
            <li>
              No está permitido usar el portal con fines ajenos a la relación comercial, extraer su contenido
              de forma automatizada, intentar acceder a datos de otras farmacias ni comprometer su seguridad.
              El laboratorio puede suspender la cuenta de quien lo haga.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'pedidos',
      title: 'Pedidos y condiciones comerciales',
      content: (
        <p>
          Los pedidos enviados desde el portal se rigen por las condiciones generales de venta que el
          laboratorio tiene pactadas con cada farmacia. El portal muestra los precios y descuentos que
          corresponden a la farmacia, el importe mínimo de pedido y el límite de compra mensual. Los importes
          se expresan en euros; en el resumen del pedido se detallan el IVA y el recargo de equivalencia que
          correspondan.
        </p>
      ),
    },
    {
      id: 'propiedad',
      title: 'Propiedad intelectual e industrial',
      content: (
        <p>
          Los textos, imágenes, vídeos, materiales científicos, marcas, logotipos y el diseño del portal
          pertenecen a {lab.legalName} o a terceros que han autorizado su uso. Las farmacias pueden
          utilizarlos para su actividad profesional y para informar a sus pacientes, pero no reproducirlos,
          distribuirlos ni modificarlos con otros fines sin autorización escrita del laboratorio.
        </p>
      ),
    },
    {
      id: 'responsabilidad',
      title: 'Responsabilidad y enlaces',
      content: (
        <>
          <p>
            El laboratorio procura que el portal esté disponible y que su información sea exacta y esté al
            día, pero puede interrumpir el servicio por mantenimiento o por causas ajenas a su control. En ese
            caso, los pedidos pueden hacerse por teléfono o por correo a la administración de ventas.
          </p>
          <p>
            Los enlaces a redes sociales y a otras webs se abren en una pestaña nueva y llevan a servicios de
            terceros, con sus propias condiciones y políticas de privacidad, de cuyo contenido el laboratorio
            no responde.
          </p>
        </>
      ),
    },
    {
      id: 'datos',
      title: 'Protección de datos y cookies',
      content: (
        <p>
          Cómo tratamos los datos personales se explica en la{' '}
          <a href="/politica-de-privacidad">política de privacidad</a>, y qué cookies usa el portal, en la{' '}
          <a href="/politica-de-cookies">política de cookies</a>.
        </p>
      ),
    },
    {
      id: 'legislacion',
      title: 'Legislación aplicable y jurisdicción',
      content: (
        <p>
          Estas condiciones se rigen por la legislación española. Para cualquier controversia sobre el uso del
          portal entre el laboratorio y las farmacias, que actúan como profesionales, las partes se someten a
          los juzgados y tribunales de la ciudad del domicilio social del laboratorio ({lab.address.city}).
        </p>
      ),
    },
  ];
}

export function LegalNotice({ laboratory }: { laboratory: Laboratory }) {
  return (
    <LegalDocument
      laboratory={laboratory}
      title="Aviso legal"
      updated={LEGAL_NOTICE_UPDATED}
      intro={
        <p>
          Este aviso identifica al titular del portal de pedidos y formación de {laboratory.tradeName} y fija
          las condiciones en que las farmacias y los visitantes pueden usarlo.
        </p>
      }
      sections={sections(laboratory)}
    />
  );
}
