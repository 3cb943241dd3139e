/** One-time sign-in links from emails (issue 29): only the link's screen loads these. */
export const linkMessages = {
  gone: 'Este enlace ya se usó o caducó',
  opening: 'Abriendo la pieza…',
  otherSession: (name: string) =>
    `Hay otra sesión abierta en este navegador (${name}). ¿Cerrarla y continuar?`,
  continue: 'Continuar',
  cancel: 'Cancelar',
  error: 'No se pudo abrir el enlace',
};
