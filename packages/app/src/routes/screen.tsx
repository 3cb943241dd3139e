import type { ReactNode } from 'react';

/** A screen's heading (its h1, naming the section), its actions and its body. */
export function Screen({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section aria-labelledby="screen-title" className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="screen-title" className="text-2xl font-semibold tracking-tight">
          {title}
        </h1>
        {actions}
      </header>
      {children}
    </section>
  );
}
