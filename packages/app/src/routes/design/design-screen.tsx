import { Button, Card, cn, Skeleton, uiMessages } from '@crw/ui';
import {
  type CatalogueEntry,
  type CatalogueStory,
  catalogue,
  catalogueGroups,
  StoryView,
} from '@crw/ui/catalogue';
import { Suspense, use, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { msg } from '../../messages.ts';
import { Screen } from '../screen.tsx';

const t = uiMessages.catalogue;
const groups = Object.entries(catalogueGroups).map(([key, name]) => ({
  key,
  name,
  entries: catalogue.filter((e) => e.group === key),
}));

/**
 * /design: the design system's own stories, rendered inside the product, by group and component
 * (`?c=Primitives/Badge` opens one). Heavy components' stories arrive in their own chunk.
 */
export default function DesignScreen() {
  const [params, setParams] = useSearchParams();
  const entry = catalogue.find((c) => c.id === params.get('c')) ?? catalogue[0];
  return (
    <Screen title={msg.screens.design}>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[15rem_minmax(0,1fr)]">
        <nav
          aria-label={t.nav}
          className="min-w-0 md:sticky md:top-4 md:max-h-[calc(100dvh-6rem)] md:self-start md:overflow-y-auto"
        >
          <div className="relative flex gap-4 overflow-x-auto pb-2 md:flex-col md:gap-5 md:pb-0">
            {groups.map((g) => (
              <section key={g.key} aria-labelledby={`design-group-${g.key}`} className="shrink-0">
                <h2
                  id={`design-group-${g.key}`}
                  className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
                >
                  {g.name}
                </h2>
                <ul className="flex gap-1 md:flex-col">
                  {g.entries.map((c) => (
                    <li key={c.id}>
                      <button
                        type="button"
                        aria-current={c === entry ? 'true' : undefined}
                        onClick={() => setParams({ c: c.id }, { replace: true })}
                        className={cn(
                          'w-full rounded-md px-3 py-1.5 text-left text-sm whitespace-nowrap hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                          c === entry && 'bg-muted font-semibold',
                        )}
                      >
                        {c.name}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </nav>
        {entry ? (
          <Suspense key={entry.id} fallback={<Loading />}>
            <EntryView entry={entry} />
          </Suspense>
        ) : null}
      </div>
    </Screen>
  );
}

function Loading() {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">{t.loading}</span>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

function EntryView({ entry }: { entry: CatalogueEntry }) {
  const loaded = entry.load();
  const { description, stories } = loaded instanceof Promise ? use(loaded) : loaded;
  return (
    <article aria-labelledby="design-entry" className="min-w-0 space-y-6">
      <header className="space-y-1">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {catalogueGroups[entry.group]} · {t.stories(stories.length)}
        </p>
        <h2 id="design-entry" className="text-xl font-semibold">
          {entry.name}
        </h2>
        {description ? <p className="max-w-prose text-sm text-muted-foreground">{description}</p> : null}
      </header>
      {stories.map((story) => (
        <StoryCard key={story.id} story={story} />
      ))}
    </article>
  );
}

/** Media and controls count as something drawn even without text. */
const drawn = 'img, svg, video, audio, canvas, iframe, object, embed, input, textarea, select';
const isBlank = (el: HTMLElement) => el.textContent.trim() === '' && el.querySelector(drawn) === null;

/**
 * One story in a card. A story can end with nothing on screen (a toast that leaves after its time): then
 * the frame says so and offers to play it again, instead of staying an empty box.
 */
function StoryCard({ story }: { story: CatalogueStory }) {
  const { id, name, mobile, fullscreen } = story;
  const frame = useRef<HTMLDivElement>(null);
  const [run, setRun] = useState(0);
  const [blank, setBlank] = useState(false);
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    let queued = 0;
    const check = () => {
      queued = 0;
      setBlank(isBlank(el));
    };
    const observer = new MutationObserver(() => {
      queued ||= requestAnimationFrame(check);
    });
    observer.observe(el, { childList: true, subtree: true, characterData: true });
    check();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(queued);
    };
  }, []);
  return (
    <Card data-story={id} className="overflow-hidden">
      <h3 className="flex items-center justify-between gap-3 border-b border-border px-5 py-3 text-sm font-semibold">
        {name}
        {mobile ? <span className="text-xs font-normal text-muted-foreground">{t.mobile}</span> : null}
      </h3>
      {/* translateZ(0): fixed layers (toasts, overlays) stay inside the story's frame. */}
      <div
        ref={frame}
        className={cn(
          'relative isolate overflow-auto [transform:translateZ(0)]',
          fullscreen ? 'min-h-[28rem]' : 'min-h-24 p-5',
          mobile && 'max-w-[390px] border-r border-border',
        )}
      >
        <StoryView key={run} story={story} />
      </div>
      {blank ? (
        <div className="flex flex-wrap items-center gap-3 border-t border-border px-5 py-3 text-sm text-muted-foreground">
          {t.ended}
          <Button size="sm" variant="outline" onClick={() => setRun((n) => n + 1)}>
            {t.replay}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
