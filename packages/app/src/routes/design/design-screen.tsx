import { Card } from '@crw/ui';
import { catalogue } from '@crw/ui/catalogue';
import { useState } from 'react';
import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';

/** /design: the design system's own stories, rendered inside the product. */
export default function DesignScreen() {
  const [active, setActive] = useState(catalogue[0]?.title ?? '');
  const entry = catalogue.find((c) => c.title === active);
  return (
    <Screen title={msg.screens.design}>
      <div className="grid gap-6 md:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label="Componentes" className="md:sticky md:top-4 md:self-start">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {catalogue.map((c) => (
              <li key={c.title}>
                <button
                  type="button"
                  aria-current={c.title === active ? 'true' : undefined}
                  onClick={() => setActive(c.title)}
                  className={`w-full rounded-md px-3 py-2 text-left text-sm whitespace-nowrap hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring ${
                    c.title === active ? 'bg-muted font-semibold' : ''
                  }`}
                >
                  {c.title}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-6">
          {entry?.stories.map(({ name, Component }) => (
            <Card key={name} className="overflow-hidden">
              <h2 className="border-b border-border px-5 py-3 text-sm font-semibold">{name}</h2>
              <div className="relative isolate overflow-auto p-5 [transform:translateZ(0)]">
                <Component />
              </div>
            </Card>
          ))}
        </div>
      </div>
    </Screen>
  );
}
