/** The access e-mails' words (Spanish), laid out by the one template (`composeMail`). */
import { closeSentence, formatPhone } from '@botica/domain';
import type { MailContent } from '../mail/template.ts';
import type { Settings } from '../settings/settings.ts';

/** The reset link asked for with `send_reset`. */
export function resetMail(user: { name: string; username: string }, link: string): MailContent {
  return {
    subject: 'Cambia tu contraseña del portal de pedidos',
    greeting: `Hola, ${user.name}:`,
    paragraphs: [
      `Hemos recibido una petición para cambiar la contraseña del usuario «${user.username}» en el portal de pedidos.`,
      'Para elegir una contraseña nueva, abre este enlace. Vale 60 minutos y solo se puede usar una vez.',
    ],
    action: { label: 'Elegir una contraseña nueva', url: link },
    closing: ['Si no has pedido este cambio, ignora este correo: tu contraseña sigue siendo la misma.'],
  };
}

/** What a pharmacy gave when asking to join, as the messages show it. */
export interface RegistrationSummary {
  username: string;
  taxId: string;
  pharmacyName: string;
  email: string;
  phone: string;
  postalCode: string;
}

function details(request: RegistrationSummary): [string, string][] {
  return [
    ['Farmacia', request.pharmacyName],
    ['CIF/NIF', request.taxId],
    ['Usuario solicitado', request.username],
    ['Correo electrónico', request.email],
    ['Teléfono', formatPhone(request.phone)],
    ['Código postal', request.postalCode],
  ];
}

/**
 * The acknowledgement to the pharmacy that asked to join. It goes to an address nobody has verified,
 * so it carries nothing the asker wrote (no pharmacy name, no details): whoever types someone else's
 * address cannot make the laboratory send them words of their choosing.
 */
export function registrationReceivedMail(laboratory: Settings['laboratory']): MailContent {
  return {
    subject: 'Hemos recibido tu solicitud de alta',
    greeting: 'Hola:',
    paragraphs: [
      `${closeSentence(`Gracias por tu interés en el portal de pedidos de ${laboratory.name}`)} Hemos recibido la solicitud de alta de tu farmacia.`,
      'El laboratorio la revisará y te escribirá a este correo. Si la aprueba, recibirás un enlace para elegir tu contraseña.',
    ],
    closing: [
      `Si no has pedido el alta, o si algún dato no es correcto, escríbenos a ${laboratory.salesEmail}.`,
    ],
  };
}

/** The notice to the sales administration of a new registration request, linking to it in the back office. */
export function registrationNoticeMail(
  request: RegistrationSummary & { id: number },
  link: string,
): MailContent {
  return {
    subject: `Nueva solicitud de alta: ${request.pharmacyName}`,
    greeting: 'Hola:',
    paragraphs: [
      `Una farmacia ha pedido el alta en el portal de pedidos (solicitud n.º ${request.id}).`,
      'Comprueba que los datos corresponden a una farmacia (el CIF/NIF, el teléfono y el código postal) y, después, aprueba o rechaza la solicitud.',
      'Se hace en el back office del laboratorio, desde el enlace de este correo (con tu usuario del personal).',
      'Si la apruebas, la farmacia recibe en su correo un enlace para elegir su contraseña; si la rechazas, un aviso de que no se ha aprobado.',
    ],
    action: { label: 'Ver la solicitud en el back office', url: link },
    details: details(request),
  };
}

/**
 * A new staff member's invitation: a link to choose the password (the portal's page, which takes
 * any user's link), then the back office's address to log in.
 */
export function staffInvitationMail(
  laboratory: Settings['laboratory'],
  user: { name: string; username: string; role: 'admin' | 'sales_rep' },
  links: { setPassword: string; backoffice: string },
): MailContent {
  const role = user.role === 'admin' ? 'administrador' : 'comercial';
  return {
    subject: 'Tu acceso al back office del portal de pedidos',
    greeting: `Hola, ${user.name}:`,
    paragraphs: [
      `${laboratory.name} te ha dado acceso al back office del portal de pedidos como ${role}. Tu usuario es «${user.username}».`,
      'Para entrar, elige tu contraseña con este enlace. Vale 7 días y solo se puede usar una vez.',
    ],
    action: { label: 'Elegir mi contraseña', url: links.setPassword },
    closing: [`Después, entra en el back office con tu usuario y tu contraseña: ${links.backoffice}`],
  };
}

// Its words are the accounts module's: the back office re-sends the same link to a pharmacy's user.
export { welcomeMail } from '../accounts/account-mail.ts';

/** The answer to a registration request that was not approved, with the laboratory's reason if given. */
export function registrationRejectedMail(
  laboratory: Settings['laboratory'],
  request: RegistrationSummary,
  reason: string | null = null,
): MailContent {
  return {
    subject: 'Tu solicitud de alta en el portal de pedidos',
    greeting: 'Hola:',
    paragraphs: [
      `Hemos revisado la solicitud de alta de ${request.pharmacyName} en el portal de pedidos de ${laboratory.name} y no hemos podido aprobarla.`,
      ...(reason ? [`Motivo: ${reason}`] : []),
      `Si crees que se trata de un error, escríbenos a ${laboratory.salesEmail} o llámanos al ${formatPhone(laboratory.phone)}.`,
    ],
  };
}
