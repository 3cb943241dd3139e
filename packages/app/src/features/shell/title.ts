import { subscribe } from 'valtio';
import { msg } from '../../messages.ts';
import { portfoliosStore } from '../portfolios/store.ts';

/** What a route declares in its `handle`: its screen's name in `document.title`. */
export interface RouteTitle {
  title: string;
}

export const SEPARATOR = ' · ';

/** "screen · portfolio · product name"; the parts that are missing are left out. */
export function documentTitle(screen?: string | null, portfolio?: string | null): string {
  return [screen, portfolio, msg.productName].filter(Boolean).join(SEPARATOR);
}

/** A router state match (`route.handle`) or a `useMatches` one (`handle`). */
interface MatchLike {
  handle?: unknown;
  route?: { handle?: unknown };
  params: Record<string, string | undefined>;
}

const handleOf = (m: MatchLike) => m.route?.handle ?? m.handle;

const hasTitle = (handle: unknown): handle is RouteTitle =>
  typeof handle === 'object' && handle !== null && typeof (handle as RouteTitle).title === 'string';

/**
 * The title for the current matches: the deepest route's screen name, the business name of the portfolio
 * in the URL (when the user's list has it), the product name. A route that failed shows the error's name.
 */
export function titleFor(
  matches: readonly MatchLike[],
  portfolios: readonly { _id: string; accountData: { businessName: string } }[],
  failed = false,
): string {
  const found = [...matches].reverse().find((m) => hasTitle(handleOf(m)));
  const declared = found ? (handleOf(found) as RouteTitle) : undefined;
  const id = matches[matches.length - 1]?.params.portfolioId;
  const portfolio = id ? portfolios.find((p) => p._id === id)?.accountData.businessName : undefined;
  return documentTitle(failed ? msg.errors.screenLoad : declared?.title, portfolio);
}

interface TitleRouter {
  state: { matches: readonly MatchLike[]; errors: unknown };
  subscribe(listener: () => void): () => void;
}

let screenFailed = false;
let refresh: () => void = () => undefined;

/** The route error screen is showing (a chunk that failed to load renders inside the shell). */
export function setScreenFailed(failed: boolean) {
  screenFailed = failed;
  refresh();
}

/**
 * Keeps `document.title` in step with the route and the portfolio names, for every route (screen readers
 * announce it; browser history lists it). Returns the unsubscribe.
 */
export function syncDocumentTitle(router: TitleRouter): () => void {
  const update = () => {
    const failed = screenFailed || Boolean(router.state.errors);
    const next = titleFor(router.state.matches, portfoliosStore.portfolios, failed);
    if (document.title !== next) document.title = next;
  };
  refresh = update;
  update();
  const offRouter = router.subscribe(update);
  const offStore = subscribe(portfoliosStore, update);
  return () => {
    refresh = () => undefined;
    offRouter();
    offStore();
  };
}
