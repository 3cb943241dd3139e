import { expect, test } from '@playwright/test';
import {
  type MailData,
  type MailTemplate,
  renderMail,
} from '../../../packages/server/src/services/notify/mail/templates.tsx';

/**
 * The three email templates (issue 29) as a browser draws them, on a phone (390 px) and a desktop (1280 px),
 * against committed screenshots. No server: the HTML the worker sends is rendered here and loaded as it is.
 */
const links = {
  button: 'https://estudio.example/portfolios/p1/review?item=i1',
  unsubscribe: 'https://estudio.example/api/mail/unsubscribe?token=ejemplo',
};

// The account emails (issue 49: password, invite, signin) share SingleMail's frame; their texts are checked by the
// server's tests (test/account-mail.test.ts).
const samples: Record<Exclude<MailTemplate, 'password' | 'invite' | 'signin'>, MailData> = {
  action: {
    title: 'Revisión interna',
    content: 'Ana te pide que revises «Post de lanzamiento de la colección de otoño» de Café Aurora',
    url: '/portfolios/p1/review?item=i1',
    portfolioName: 'Café Aurora',
    actorName: 'Ana',
    group: 'reviews',
  },
  digest: {
    title: 'Novedades en el espacio de trabajo',
    content: 'Tienes 3 novedades en el espacio de trabajo.',
    url: '/',
    group: 'comments',
    entries: [
      {
        title: 'Nuevo comentario',
        content: 'Luis comentó «Reel de recetas»: «¿Cambiamos la música?»',
        group: 'comments',
        portfolioName: 'Café Aurora',
      },
      {
        title: 'Tarea terminada',
        content: 'El agente Redactor terminó «Copys para la semana 12»',
        group: 'tasks',
      },
      {
        title: 'Te mencionaron',
        content: 'Marta te mencionó en «Carrusel de producto»',
        group: 'comments',
        portfolioName: 'Librería Norte',
      },
    ],
  },
  reminder: {
    title: 'Recordatorio',
    content: '3 ítems esperan tu revisión',
    url: '/portfolios/p1/review',
    portfolioName: 'Café Aurora',
    group: 'reviews',
  },
};

for (const template of Object.keys(samples) as Array<keyof typeof samples>) {
  for (const width of [390, 1280]) {
    test(`${template} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const { html } = await renderMail(template, samples[template], links);
      await page.setContent(html);
      await expect(page.getByRole('link', { name: 'Dejar de recibir estos correos' })).toHaveAttribute(
        'href',
        links.unsubscribe,
      );
      await expect(page).toHaveScreenshot(`${template}-${width}.png`, { fullPage: true });
    });
  }
}
