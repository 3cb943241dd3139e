import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Input,
  useDebouncedValue,
} from '@crw/ui';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDay } from '../../lib/dates.ts';
import { searchMsg as m } from './messages.ts';
import { type SearchHit, searchAll, snippetParts } from './search-api.ts';

/** The matched words of a snippet marked; the rest plain text. */
function Snippet({ snippet }: { snippet: string }) {
  return (
    <>
      {snippetParts(snippet).map((part, i) =>
        part.mark ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never reorder
          <mark key={i} className="rounded-sm bg-warning/30 px-0.5 text-foreground">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never reorder
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

const whereOf = (hit: SearchHit) =>
  [
    hit.portfolioName,
    hit.cycleStartDate && hit.cycleEndDate
      ? m.cycle(formatDay(hit.cycleStartDate), formatDay(hit.cycleEndDate))
      : null,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The one search (⌘K / Ctrl+K, or the top bar's «Buscar»): portfolios, pieces and comments of every cycle, as
 * the server scopes them; arrows move through the results, Enter opens the selected one. A lazy chunk: the shell
 * carries only its button (search-button.tsx).
 */
export default function SearchDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const navigate = useNavigate();
  const id = useId();
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), 200);
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [state, setState] = useState<'idle' | 'loading' | 'done' | 'error'>('idle');
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (!open || !/[\p{L}\p{N}]/u.test(settled)) {
      setHits([]);
      setState('idle');
      return;
    }
    const controller = new AbortController();
    setState('loading');
    searchAll(settled, { limit: 20, signal: controller.signal })
      .then((found) => {
        setHits(found);
        setActive(0);
        setState('done');
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('error');
      });
    return () => controller.abort();
  }, [open, settled]);

  const openHit = (hit: SearchHit | undefined) => {
    if (!hit) return;
    onOpenChange(false);
    navigate(hit.url);
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      openHit(hits[active]);
    }
  };
  const optionId = (i: number) => `${id}-hit-${i}`;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setQuery('');
        onOpenChange(next);
      }}
    >
      <DialogContent className="top-4 max-h-[calc(100dvh-2rem)] translate-y-0 gap-3 p-4 sm:top-[12dvh] sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        <Input
          type="search"
          role="combobox"
          aria-label={m.label}
          aria-expanded={hits.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={hits.length > 0 ? optionId(active) : undefined}
          placeholder={m.placeholder}
          value={query}
          maxLength={200}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
          autoFocus
        />
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {state === 'loading'
            ? m.searching
            : state === 'error'
              ? m.error
              : state === 'done' && hits.length === 0
                ? m.empty(settled)
                : state === 'idle'
                  ? m.hint
                  : ''}
        </p>
        <div id={`${id}-list`} role="listbox" aria-label={m.results} className="-mx-1 space-y-1">
          {hits.map((hit, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: options are reached with aria-activedescendant from the input, never focused.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input above answers the keyboard for its options.
            <div
              key={`${hit.type}-${hit.id}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className="min-h-11 cursor-pointer rounded-md px-3 py-2 text-sm aria-selected:bg-accent"
              onMouseMove={() => setActive(i)}
              onClick={() => openHit(hit)}
            >
              <div className="flex items-baseline gap-2">
                <span className="shrink-0 text-xs text-muted-foreground">{m.types[hit.type]}</span>
                <span className="truncate font-medium">{hit.title}</span>
              </div>
              <div className="line-clamp-2 text-muted-foreground">
                <Snippet snippet={hit.snippet} />
              </div>
              <div className="text-xs text-muted-foreground">{whereOf(hit)}</div>
            </div>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
