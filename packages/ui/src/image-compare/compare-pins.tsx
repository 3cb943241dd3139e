import type * as React from 'react';
import { PinLayer } from '../image-annotator/pin.tsx';
import type { CompareImage } from './use-image-pair.ts';

/**
 * The part of a box of ratio `boxRatio` (width / height) that an image of ratio `imageRatio` fills with
 * `object-contain`, in percentages of the box.
 */
export function containedBox(boxRatio: number, imageRatio: number) {
  if (!(boxRatio > 0) || !(imageRatio > 0)) return { left: 0, top: 0, width: 100, height: 100 };
  if (imageRatio >= boxRatio) {
    const height = (boxRatio / imageRatio) * 100;
    return { left: 0, top: (100 - height) / 2, width: 100, height };
  }
  const width = (imageRatio / boxRatio) * 100;
  return { left: (100 - width) / 2, top: 0, width, height: 100 };
}

/**
 * An image's pins (its comments' marks) over the area it fills in a compare view: markers only, so dragging
 * and the divider keep working through them.
 */
export function ComparePins({
  image,
  boxRatio,
  imageRatio,
  scale = 1,
  clipPath,
}: {
  image: CompareImage;
  boxRatio: number;
  imageRatio: number;
  scale?: number;
  clipPath?: string;
}) {
  if (!image.pins?.length) return null;
  const box = containedBox(boxRatio, imageRatio);
  const style: React.CSSProperties = {
    left: `${box.left}%`,
    top: `${box.top}%`,
    width: `${box.width}%`,
    height: `${box.height}%`,
  };
  return (
    <div
      data-slot="image-compare-pins"
      className="pointer-events-none absolute inset-0 z-10"
      style={{ clipPath }}
    >
      <PinLayer pins={image.pins} scale={scale} className="inset-auto" style={style} />
    </div>
  );
}
