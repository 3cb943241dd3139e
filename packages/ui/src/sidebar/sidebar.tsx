import { BriefcaseIcon, ChevronsLeftIcon, ChevronsRightIcon, MenuIcon, XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../hooks/timings.ts';
import { useDelayedCollapse } from '../hooks/use-delayed-collapse.ts';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';
import { Tooltip, TooltipProvider } from '../tooltip/tooltip.tsx';

export interface SidebarItem {
  key: string;
  label: string;
  icon: React.ReactNode;
  /** A link target; the click is handed to `onNavigate` (client-side routing). */
  href?: string;
  /** An action instead of a link (e.g. 'Cerrar Sesión'). */
  onSelect?: () => void;
  active?: boolean;
}

export interface SidebarPortfolio {
  id: string;
  name: string;
}

export interface SidebarProps {
  /** Main entries (Dashboard, Plan de Producción, admin screens, Configuración). */
  items: SidebarItem[];
  /** Entries under the portfolio selector (portfolio settings, 'Crear Nuevo'). */
  portfolioItems?: SidebarItem[];
  /** Entries at the bottom ('Cerrar Sesión'). */
  footerItems?: SidebarItem[];
  portfolios?: readonly SidebarPortfolio[];
  activePortfolioId?: string | null;
  onPortfolioChange?: (id: string) => void;
  onNavigate: (href: string) => void;
  brand: React.ReactNode;
  /** Shown in the mobile top bar's right side (e.g. the bell). */
  topBarEnd?: React.ReactNode;
  /** localStorage key that keeps the rail's expanded state across reloads. */
  storageKey?: string;
  /** Forces the layout (stories/tests); by default it follows the viewport (< 768 px is mobile). */
  mobile?: boolean;
}

/**
 * The rail shows one tooltip at a time: the one whose trigger has the pointer or the focus, most recent
 * wins. None while the rail is expanded (the labels are visible) or changing width.
 */
const RailTooltips = createContext<{ open: string | null; setOpen: (key: string, open: boolean) => void }>({
  open: null,
  setOpen: () => undefined,
});

function RailTooltip({
  id,
  content,
  disabled,
  children,
}: {
  id: string;
  content: React.ReactNode;
  disabled: boolean;
  children: React.ReactElement;
}) {
  const group = useContext(RailTooltips);
  return (
    <Tooltip
      content={content}
      disabled={disabled}
      open={group.open === id}
      onOpenChange={(open) => group.setOpen(id, open)}
    >
      {children}
    </Tooltip>
  );
}

const readStored = (key?: string) => {
  if (!key || typeof localStorage === 'undefined') return false;
  return localStorage.getItem(key) === '1';
};

/** Desktop: an icon rail that expands on click and collapses 300 ms after the pointer leaves. Mobile: a drawer. */
export function Sidebar(props: SidebarProps) {
  const viewportMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const mobile = props.mobile ?? viewportMobile;
  return mobile ? <MobileSidebar {...props} /> : <DesktopSidebar {...props} />;
}

function DesktopSidebar(props: SidebarProps) {
  const { storageKey } = props;
  const persist = useCallback(
    (value: boolean) => {
      if (storageKey) localStorage.setItem(storageKey, value ? '1' : '0');
    },
    [storageKey],
  );
  const rail = useDelayedCollapse({ initial: readStored(storageKey), onChange: persist });
  const { expanded } = rail;
  const [openTip, setOpenTip] = useState<string | null>(null);
  const setTip = useCallback(
    (key: string, open: boolean) => setOpenTip((current) => (open ? key : current === key ? null : current)),
    [],
  );
  // Expanding or collapsing closes whatever tooltip was open: it would sit over the labels.
  const [tipsWhen, setTipsWhen] = useState(expanded);
  if (tipsWhen !== expanded) {
    setTipsWhen(expanded);
    setOpenTip(null);
  }
  const aside = useRef<HTMLElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  const { setExpanded } = rail;
  // Escape collapses the expanded rail (issue 31: it stayed open until toggled): from inside it, the focus goes
  // back to the toggle; from the page, unless something else on top took that Escape (a dialog, a menu).
  useEffect(() => {
    if (!expanded) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const inside = aside.current?.contains(document.activeElement) ?? false;
      if (
        !inside &&
        document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')
      )
        return;
      setExpanded(false);
      if (inside) toggleButton.current?.focus();
    };
    // Touch and pen have no "leaving": a press outside the expanded rail closes it (a mouse's leaving does).
    const onPress = (e: PointerEvent) => {
      if (e.pointerType === 'mouse' || !(e.target instanceof Node)) return;
      if (!aside.current?.contains(e.target)) setExpanded(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [expanded, setExpanded]);
  return (
    <TooltipProvider>
      <RailTooltips.Provider value={{ open: expanded ? null : openTip, setOpen: setTip }}>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: a pointer convenience; the toggle button is the keyboard path. */}
        <aside
          ref={aside}
          data-slot="sidebar"
          data-expanded={expanded}
          aria-label={uiMessages.mainNav}
          onPointerEnter={rail.onPointerEnter}
          onPointerLeave={rail.onPointerLeave}
          onFocusCapture={rail.onFocusCapture}
          onBlurCapture={rail.onBlurCapture}
          onClick={(e) => {
            // A click on the rail's empty space expands it.
            if (!expanded && e.target === e.currentTarget) rail.setExpanded(true);
          }}
          // Above the page's own positioned content (z-10): a sticky rail composites, and whatever is positioned
          // and painted after it (cards, the board, the filters) got a compositor layer of its own for possibly
          // overlapping it (85 layers on the board of 1,000, 11 with this). Each frame's layerization walked them
          // all: ~22 ms of every key typed in a piece, at 4× CPU.
          className={cn(
            'sticky top-0 z-10 flex h-dvh shrink-0 flex-col gap-2 bg-sidebar py-3 text-sidebar-foreground transition-[width] duration-200',
            expanded ? 'w-64' : 'w-16',
          )}
        >
          <div
            className={cn('flex items-center gap-2 px-3', expanded ? 'justify-between' : 'justify-center')}
          >
            {expanded ? <div className="truncate px-1 text-sm font-semibold">{props.brand}</div> : null}
            <button
              ref={toggleButton}
              type="button"
              onClick={rail.toggle}
              aria-expanded={expanded}
              aria-label={expanded ? uiMessages.collapseSidebar : uiMessages.expandSidebar}
              className="inline-flex size-10 items-center justify-center rounded-md hover:bg-sidebar-accent focus-visible:outline-2 focus-visible:outline-ring"
            >
              {expanded ? (
                <ChevronsLeftIcon className="size-4" aria-hidden="true" />
              ) : (
                <ChevronsRightIcon className="size-4" aria-hidden="true" />
              )}
            </button>
          </div>
          <SidebarContent {...props} expanded={expanded} onExpand={() => rail.setExpanded(true)} />
        </aside>
      </RailTooltips.Provider>
    </TooltipProvider>
  );
}

function MobileSidebar(props: SidebarProps) {
  const [open, setOpen] = useState(false);
  const navigate = (href: string) => {
    setOpen(false);
    props.onNavigate(href);
  };
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <header
        data-slot="sidebar-topbar"
        className="sticky top-0 z-40 flex h-[calc(3.5rem+env(safe-area-inset-top))] items-center gap-2 border-b border-border bg-background/95 pt-[env(safe-area-inset-top)] pr-[calc(env(safe-area-inset-right)+0.75rem)] pl-[calc(env(safe-area-inset-left)+0.75rem)] backdrop-blur"
      >
        <DialogPrimitive.Trigger
          aria-label={uiMessages.openMenu}
          className="inline-flex size-10 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <MenuIcon className="size-5" aria-hidden="true" />
        </DialogPrimitive.Trigger>
        <div className="min-w-0 flex-1 truncate font-semibold">{props.brand}</div>
        {props.topBarEnd}
      </header>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 animate-fade-in" />
        <DialogPrimitive.Content
          data-slot="sidebar-drawer"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[calc(18rem+env(safe-area-inset-left))] max-w-[85vw] flex-col gap-2 bg-sidebar pt-[calc(env(safe-area-inset-top)+0.75rem)] pb-[calc(env(safe-area-inset-bottom)+0.75rem)] pl-[env(safe-area-inset-left)] text-sidebar-foreground shadow-xl animate-slide-in-left"
        >
          <div className="flex items-center justify-between px-4">
            <DialogPrimitive.Title className="truncate text-sm font-semibold">
              {props.brand}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label={uiMessages.closeMenu}
              className="inline-flex size-10 items-center justify-center rounded-md hover:bg-sidebar-accent focus-visible:outline-2 focus-visible:outline-ring"
            >
              <XIcon className="size-4" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <SidebarContent
            {...props}
            expanded
            onNavigate={navigate}
            onAction={() => setOpen(false)}
            onPortfolioChange={(id) => {
              setOpen(false);
              props.onPortfolioChange?.(id);
            }}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function SidebarContent({
  items,
  portfolioItems = [],
  footerItems = [],
  portfolios = [],
  activePortfolioId,
  onPortfolioChange,
  onNavigate,
  expanded,
  onExpand,
  onAction,
}: SidebarProps & { expanded: boolean; onExpand?: () => void; onAction?: () => void }) {
  const selectId = useId();
  const activeName = portfolios.find((p) => p.id === activePortfolioId)?.name ?? null;
  const entry = (item: SidebarItem) => (
    <li key={item.key}>
      <SidebarEntry item={item} expanded={expanded} onNavigate={onNavigate} onAction={onAction} />
    </li>
  );
  return (
    <nav aria-label={uiMessages.mainNav} className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-3">
      <ul className="flex flex-col gap-1">{items.map(entry)}</ul>
      {portfolios.length > 0 || portfolioItems.length > 0 ? (
        <div className="flex flex-col gap-1 border-t border-sidebar-accent pt-3">
          {portfolios.length > 0 ? (
            expanded ? (
              <div className="flex flex-col gap-1.5 px-1 pb-1">
                <label htmlFor={selectId} className="text-xs font-medium text-sidebar-foreground/70">
                  {uiMessages.portfolioSelector}
                </label>
                <select
                  id={selectId}
                  value={activePortfolioId ?? ''}
                  onChange={(e) => onPortfolioChange?.(e.target.value)}
                  className="h-9 w-full rounded-md border border-sidebar-accent bg-sidebar-accent px-2 text-sm text-sidebar-foreground focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {activePortfolioId ? null : (
                    <option value="" disabled>
                      {uiMessages.selectPlaceholder}
                    </option>
                  )}
                  {portfolios.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <RailTooltip
                id="portfolio-selector"
                disabled={expanded}
                content={activeName ?? uiMessages.portfolioSelector}
              >
                <button
                  type="button"
                  onClick={onExpand}
                  className="mx-auto inline-flex size-10 items-center justify-center rounded-md bg-sidebar-accent text-xs font-bold uppercase focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {/* The active portfolio's initials; with none active, the selector's icon (never a «·» tile). */}
                  {activeName ? (
                    <span aria-hidden="true">{activeName.slice(0, 2)}</span>
                  ) : (
                    <BriefcaseIcon aria-hidden="true" className="size-5" />
                  )}
                  <span className="sr-only">{uiMessages.portfolioSelector}</span>
                </button>
              </RailTooltip>
            )
          ) : null}
          <ul className="flex flex-col gap-1">{portfolioItems.map(entry)}</ul>
        </div>
      ) : null}
      <ul className="mt-auto flex flex-col gap-1 border-t border-sidebar-accent pt-3">
        {footerItems.map(entry)}
      </ul>
    </nav>
  );
}

function SidebarEntry({
  item,
  expanded,
  onNavigate,
  onAction,
}: {
  item: SidebarItem;
  expanded: boolean;
  onNavigate: (href: string) => void;
  onAction?: () => void;
}) {
  const className = cn(
    'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground/85 transition-colors hover:bg-sidebar-accent hover:text-sidebar-foreground focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-5 [&_svg]:shrink-0',
    item.active && 'bg-sidebar-accent text-sidebar-foreground',
    !expanded && 'justify-center px-0',
  );
  const content = (
    <>
      <span aria-hidden="true">{item.icon}</span>
      <span className={cn('truncate', !expanded && 'sr-only')}>{item.label}</span>
    </>
  );
  const element = item.href ? (
    <a
      href={item.href}
      aria-current={item.active ? 'page' : undefined}
      className={className}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        item.onSelect?.();
        onNavigate(item.href!);
      }}
    >
      {content}
    </a>
  ) : (
    <button
      type="button"
      className={cn(className, 'w-full')}
      onClick={() => {
        onAction?.();
        item.onSelect?.();
      }}
    >
      {content}
    </button>
  );
  return (
    <RailTooltip id={item.key} content={item.label} disabled={expanded}>
      {element}
    </RailTooltip>
  );
}
