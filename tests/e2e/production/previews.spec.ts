import { newItem } from '../../support/production.ts';

import { signIn } from '../../support/session.ts';
import { expect, test } from '../../support/test.ts';

/** A one-page PDF that says `text`. */
function pdf(text: string) {
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 24 Tf 40 100 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 24 Tf 40 100 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

test('a PDF of the material previews inline, under the CSP, and downloads with its name', async ({
  page,
  request,
}) => {
  const { portfolioId, item, employee } = await newItem(request, 'Guion');
  const file = await employee.upload(item._id, 'guion.pdf', 'application/pdf', pdf('Hola PDF'));
  await employee.call('post', `/production/items/${item._id}/update-material`, {
    materialData: { files: [file] },
  });
  const blocked: string[] = [];
  page.on('console', (m) => /Content Security Policy/.test(m.text()) && blocked.push(m.text()));
  await signIn(page, 'employee');
  await page.goto(`/portfolios/${portfolioId}/production?item=${item._id}`);
  await page.getByRole('tab', { name: 'Detalles' }).click();
  const preview = page.getByRole('figure').filter({ has: page.locator('object[type="application/pdf"]') });
  await expect(preview.locator('object')).toHaveAttribute('aria-label', 'Vista previa de guion.pdf');
  await expect(preview.locator('object')).toHaveAttribute('data', /^blob:/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    preview.getByRole('link', { name: 'Descargar guion.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('guion.pdf');
  expect(blocked).toEqual([]);
});
