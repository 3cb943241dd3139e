import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../router.tsx';
import { documentTitle, titleFor } from './title.ts';

const portfolios = [{ _id: 'p1', accountData: { businessName: 'Estudio Nube' } }];

describe('document.title', () => {
  it('is "screen · portfolio · product name", leaving out what is missing', () => {
    expect(documentTitle('Agentes', 'Estudio Nube')).toBe('Agentes · Estudio Nube · Estudio de Contenido');
    expect(documentTitle('Configuración')).toBe('Configuración · Estudio de Contenido');
    expect(documentTitle()).toBe('Estudio de Contenido');
  });

  it("takes the deepest route's title and the business name of the portfolio in the URL", () => {
    const matches = [
      { params: { portfolioId: 'p1' } },
      { handle: { title: 'Configuración del portafolio' }, params: { portfolioId: 'p1' } },
      { handle: { title: 'Configuración del portafolio: General' }, params: { portfolioId: 'p1' } },
    ];
    expect(titleFor(matches, portfolios)).toBe(
      'Configuración del portafolio: General · Estudio Nube · Estudio de Contenido',
    );
    // A portfolio the list does not have (yet): no name.
    expect(titleFor(matches, [])).toBe('Configuración del portafolio: General · Estudio de Contenido');
    expect(titleFor(matches, portfolios, true)).toBe(
      'No se pudo cargar esta pantalla · Estudio Nube · Estudio de Contenido',
    );
  });

  it('every screen route declares its title', () => {
    const untitled: string[] = [];
    const walk = (list: RouteObject[], path: string) => {
      for (const r of list) {
        const here = r.index ? `${path} (index)` : `${path}/${r.path ?? ''}`;
        if (r.children) walk(r.children, here);
        // A leaf that renders a screen (not a redirect) must have a title.
        else if (r.lazy && !(r.handle as { title?: string } | undefined)?.title) untitled.push(here);
      }
    };
    walk(routes, '');
    expect(untitled).toEqual([]);
  });
});
