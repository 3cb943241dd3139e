/**
 * The shared view of the side-by-side panes: a scale and a pan, the pan in fractions of the pane's size (so
 * both panes move alike whatever their pixel size), with the transform's origin at the pane's centre.
 */
export interface ZoomView {
  scale: number;
  x: number;
  y: number;
}

export const FIT: ZoomView = { scale: 1, x: 0, y: 0 };
export const MIN_SCALE = 1;
export const MAX_SCALE = 8;
export const ZOOM_STEP = 1.5;

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** Keeps the image covering the pane: no pan at scale 1, at most half the overflow either way. */
export function clampView({ scale, x, y }: ZoomView): ZoomView {
  const s = clamp(scale, MIN_SCALE, MAX_SCALE);
  const limit = (s - 1) / 2;
  // `+ 0` turns a −0 into 0, so views compare equal.
  return { scale: s, x: clamp(x, -limit, limit) + 0, y: clamp(y, -limit, limit) + 0 };
}

/**
 * Zooms by `factor` keeping the point under (cx, cy) still; cx and cy are fractions of the pane from its
 * centre (−0.5…0.5), 0 and 0 for the buttons and the keyboard.
 */
export function zoomAt(view: ZoomView, factor: number, cx = 0, cy = 0): ZoomView {
  const scale = clamp(view.scale * factor, MIN_SCALE, MAX_SCALE);
  const ratio = scale / view.scale;
  return clampView({ scale, x: cx - ratio * (cx - view.x), y: cy - ratio * (cy - view.y) });
}

/** Pans by a fraction of the pane's size. */
export function panBy(view: ZoomView, dx: number, dy: number): ZoomView {
  return clampView({ scale: view.scale, x: view.x + dx, y: view.y + dy });
}

export const viewTransform = ({ scale, x, y }: ZoomView) =>
  `translate(${x * 100}%, ${y * 100}%) scale(${scale})`;
