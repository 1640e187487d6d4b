import * as Menu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, ChevronRight } from 'lucide-react';
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { cn } from '../../../lib/cn';

/** Below this width a submenu cannot sit beside its parent (Location > Europe needs three menus side by side). */
export const NARROW_SCREEN = '(max-width: 639px)';

export const panelClasses =
  'z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] max-w-[calc(100vw-16px)] min-w-52 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg';
const triggerClasses =
  'flex cursor-pointer items-center justify-between gap-4 rounded-md px-3 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[state=open]:bg-slate-100';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True on a phone-sized screen; follows a rotation while the menu is open. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_SCREEN).matches,
    () => false,
  );
}

/** Which group of one level is expanded on a narrow screen: one at a time, like an accordion. */
interface Level {
  open: string | null;
  toggle: (label: string) => void;
}
const NarrowContext = createContext(false);
const LevelContext = createContext<Level>({ open: null, toggle: () => undefined });

function useLevel(): Level {
  const [open, setOpen] = useState<string | null>(null);
  return useMemo(() => ({ open, toggle: (label) => setOpen((o) => (o === label ? null : label)) }), [open]);
}

/** The filter menu's groups: submenus beside the menu on a wide screen, expanding in place on a narrow one. */
export function SubmenuLayout({ narrow, children }: { narrow: boolean; children: ReactNode }) {
  const level = useLevel();
  return (
    <NarrowContext.Provider value={narrow}>
      <LevelContext.Provider value={level}>{children}</LevelContext.Provider>
    </NarrowContext.Provider>
  );
}

/**
 * On a phone a submenu drawn over its parent hid the other groups (and Radix only opens submenus to a side,
 * where a phone has no room): there a group expands in place, under its name, and the menu scrolls.
 */
function InlineGroup({ label, detail, children }: { label: string; detail?: string; children: ReactNode }) {
  const level = useContext(LevelContext);
  const inner = useLevel();
  const id = useId();
  const trigger = useRef<HTMLDivElement>(null);
  const open = level.open === label;
  useEffect(() => {
    const item = trigger.current;
    const panel = item?.closest<HTMLElement>('[role="menu"]');
    if (!open || !item || !panel) return;
    // The group's name at the top of the menu, its options below it.
    panel.scrollTop += item.getBoundingClientRect().top - panel.getBoundingClientRect().top - 4;
  }, [open]);
  return (
    <>
      <Menu.Item
        ref={trigger}
        className={triggerClasses}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onSelect={(event) => {
          event.preventDefault(); // keep the menu open
          level.toggle(label);
        }}
      >
        <span>
          {label}
          {detail && <span className="ml-1 text-slate-500">· {detail}</span>}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn('h-4 w-4 shrink-0 transition-transform', open && 'rotate-180')}
        />
      </Menu.Item>
      {open && (
        <div id={id} role="group" aria-label={label} className="mb-1 ml-3 border-l border-slate-200 pl-1">
          <LevelContext.Provider value={inner}>{children}</LevelContext.Provider>
        </div>
      )}
    </>
  );
}

function SideSubmenu({ label, detail, children }: { label: string; detail?: string; children: ReactNode }) {
  return (
    <Menu.Sub>
      <Menu.SubTrigger className={triggerClasses}>
        <span>
          {label}
          {detail && <span className="ml-1 text-slate-500">· {detail}</span>}
        </span>
        <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0" />
      </Menu.SubTrigger>
      <Menu.Portal>
        <Menu.SubContent sideOffset={4} collisionPadding={8} className={panelClasses}>
          {children}
        </Menu.SubContent>
      </Menu.Portal>
    </Menu.Sub>
  );
}

/** One group of the filter menu; `detail` is its current choice where the name alone does not say it. */
export function Submenu(props: { label: string; detail?: string; children: ReactNode }) {
  return useContext(NarrowContext) ? <InlineGroup {...props} /> : <SideSubmenu {...props} />;
}
