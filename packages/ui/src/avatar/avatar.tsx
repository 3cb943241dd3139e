import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '../lib/cn.ts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** A person's picture, or their initials; the name is its accessible label. */
export function Avatar({ name, src, className }: { name: string; src?: string; className?: string }) {
  return (
    <AvatarPrimitive.Root
      className={cn('inline-flex size-9 shrink-0 overflow-hidden rounded-full bg-accent', className)}
      title={name}
    >
      {src ? <AvatarPrimitive.Image src={src} alt={name} className="size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        className="flex size-full items-center justify-center text-xs font-semibold text-accent-foreground"
        aria-label={name}
        role="img"
      >
        {initials(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
