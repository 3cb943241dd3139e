import { describe, expect, it } from 'vitest';
import { clampView, FIT, MAX_SCALE, panBy, viewTransform, zoomAt } from './zoom.ts';

describe('synced zoom', () => {
  it('zooms about the centre and never below fit or above the maximum', () => {
    expect(zoomAt(FIT, 2)).toEqual({ scale: 2, x: 0, y: 0 });
    expect(zoomAt(FIT, 0.5)).toEqual(FIT);
    expect(zoomAt({ scale: 6, x: 0, y: 0 }, 4).scale).toBe(MAX_SCALE);
  });

  it('keeps the point under the cursor still', () => {
    // The right edge's midpoint (0.5, 0) stays at 0.5 on screen: screen = x + scale × point.
    const v = zoomAt(FIT, 2, 0.5, 0);
    expect(v).toEqual({ scale: 2, x: -0.5, y: 0 });
    expect(v.x + v.scale * 0.5).toBe(0.5);
  });

  it('pans only as far as the image overflows the pane', () => {
    expect(panBy(FIT, 0.3, 0.3)).toEqual(FIT);
    expect(panBy({ scale: 3, x: 0, y: 0 }, 0.4, -2)).toEqual({ scale: 3, x: 0.4, y: -1 });
    // Zooming back out pulls the pan in.
    expect(clampView({ scale: 1.5, x: 1, y: -1 })).toEqual({ scale: 1.5, x: 0.25, y: -0.25 });
  });

  it('writes a CSS transform', () => {
    expect(viewTransform({ scale: 2, x: -0.25, y: 0 })).toBe('translate(-25%, 0%) scale(2)');
  });
});
