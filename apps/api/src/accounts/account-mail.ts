/** The account area's e-mails (Spanish), laid out by the one template (`composeMail`). */
import { closeSentence } from '@botica/domain';
import type { MailContent } from '../mail/template.ts';
import type { Settings } from '../settings/settings.ts';

/**
 * A new sub-user's invitation: the pharmacy's main user created it; the link (the reset flow's page,
 * with an invitation secret) sets its first password and works for 7 days.
 */
export function invitationMail(
  laboratory: { name: string },
  invited: { name: string; username: string },
  pharmacy: { name: string; invitedBy: string },
  link: string,
): MailContent {
  return {
    subject: `${pharmacy.name} te ha dado acceso al portal de pedidos`,
    greeting: `Hola, ${invited.name}:`,
    paragraphs: [
      `${closeSentence(`${pharmacy.invitedBy}, de ${pharmacy.name}, te ha creado un usuario en el portal de pedidos de ${laboratory.name}`)} Tu usuario es «${invited.username}».`,
      'Para entrar, elige tu contraseña con este enlace. Vale 7 días y solo se puede usar una vez; después puedes pedir otro desde «¿Has olvidado tu contraseña?».',
    ],
    action: { label: 'Elegir mi contraseña', url: link },
    closing: [
      'Si no esperabas este correo, ignóralo o avisa a tu farmacia: sin contraseña nadie puede entrar.',
    ],
  };
}

/**
 * The approved pharmacy's "set your password" link (valid 72 hours), also what the back office
 * re-sends to one of a pharmacy's users.
 */
export function welcomeMail(
  laboratory: Settings['laboratory'],
  user: { name: string; username: string },
  link: string,
): MailContent {
  return {
    subject: 'Tu farmacia ya tiene acceso al portal de pedidos',
    greeting: `Hola, ${user.name}:`,
    paragraphs: [
      `${laboratory.name} ha aprobado el alta de tu farmacia en el portal de pedidos. Tu usuario es «${user.username}».`,
      'Para entrar, elige tu contraseña con este enlace. Vale 72 horas; después puedes pedir otro desde «¿Has olvidado tu contraseña?».',
    ],
    action: { label: 'Elegir mi contraseña', url: link },
  };
}
