/**
 * The access answers' sentences, apart from the schemas: pages that show them (the portal's
 * /login/notification) need no zod to do so.
 */

/** The Spanish sentences of the access answers, one per call (the server sends exactly these). */
export const ACCESS_MESSAGES = {
  registered:
    'Hemos recibido tu solicitud de alta. El laboratorio la revisará y te escribirá al correo que nos has dado.',
  resetSent:
    'Si el usuario existe y tiene un correo electrónico, le hemos enviado un enlace para cambiar la contraseña. El enlace vale 60 minutos.',
  resetDone: 'Tu contraseña se ha cambiado. Ya puedes entrar con ella.',
  /** The answer of `reset` for a first access (a `welcome` or `invitation` link). */
  firstPasswordSet: 'Tu contraseña está guardada. Ya puedes entrar en el portal con ella.',
  resetLinkInvalid: 'El enlace para cambiar la contraseña ha caducado o ya se ha usado. Pide uno nuevo.',
} as const;
