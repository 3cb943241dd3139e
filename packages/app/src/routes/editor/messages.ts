/**
 * The editor's sandbox (/editor) in Spanish: with its screen, not in the first load's `msg` (it is read by no
 * other screen).
 */
export const editorMsg = {
  intro:
    'El editor del copy y de los comentarios. Lo que escribes aquí no se guarda: a la derecha, el HTML que se enviaría al servidor y cómo se leerá.',
  editor: 'Texto de prueba',
  html: 'HTML producido',
  rendered: 'Vista de lectura',
  empty: 'Escribe algo en el editor',
  mentionsFrom: (name: string) => `Puedes mencionar a las personas de ${name}.`,
  mentionsSelf: 'Elige un portafolio para mencionar a su equipo; mientras tanto puedes mencionarte a ti.',
  sample:
    '<h2>Lanzamiento de otoño</h2><p>Un texto con <strong>negrita</strong>, <em>cursiva</em> y un <a href="https://example.com">enlace</a>.</p><ul><li><p>Primer punto</p></li><li><p>Segundo punto</p></li></ul><blockquote><p>Una cita del cliente.</p></blockquote>',
} as const;
