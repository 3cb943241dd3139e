/**
 * Getting in without the admin (issue 49): only the lazy screens that use them load these (the forgotten password,
 * «Nueva contraseña», a fresh sign-in link, «Cambiar contraseña»), never /auth's first chunk.
 */
export const accountMessages = {
  forgotTitle: '¿Olvidaste tu contraseña?',
  forgotIntro: 'Escribe tu correo y te enviaremos un enlace para elegir una contraseña nueva.',
  forgotSubmit: 'Enviarme el enlace',
  forgotSent:
    'Si el correo es de una cuenta, te hemos enviado un enlace para elegir una contraseña nueva. Caduca en 1 hora.',
  forgotError: 'No se pudo enviar el enlace',
  backToSignIn: 'Volver a iniciar sesión',
  newPasswordTitle: 'Nueva contraseña',
  newPasswordIntro: 'Elige la contraseña con la que entrarás a partir de ahora.',
  newPassword: 'Nueva contraseña',
  repeatPassword: 'Repite la contraseña',
  passwordTooShort: 'Usa al menos 8 caracteres',
  passwordsDiffer: 'Las dos contraseñas no coinciden',
  newPasswordSubmit: 'Guardar y entrar',
  newPasswordSaving: 'Guardando…',
  newPasswordDone: 'Contraseña guardada',
  newPasswordError: 'No se pudo guardar la contraseña',
  linkGoneAskAgain: 'Pide otro enlace',
  requestLink: 'Enviarme un enlace nuevo',
  requestLinkSent: 'Si el correo es de una cuenta, te hemos enviado un enlace nuevo a la misma pantalla.',
  requestLinkError: 'No se pudo enviar el enlace',
  emailRequired: 'Escribe tu correo electrónico',
  changeTitle: 'Cambiar contraseña',
  currentPassword: 'Contraseña actual',
  changeSubmit: 'Cambiar contraseña',
  changeSaving: 'Cambiando…',
  changeDone: 'Contraseña cambiada. Se cerraron tus otras sesiones.',
  changeError: 'No se pudo cambiar la contraseña',
};
