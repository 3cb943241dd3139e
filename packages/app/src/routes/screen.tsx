import type { ReactNode } from 'react';
import { msg } from '../messages.ts';

/** A screen's heading and body; screens that later issues build show only this for now. */
export function Screen({
  title,
  children,
  actions,
}: {
  title: string;
  children?: ReactNode;
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
      {children ?? <p className="text-muted-foreground">{msg.screens.comingSoon}</p>}
    </section>
  );
}
