import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { createContext, useContext, type ReactNode } from 'react';

/** Spec section 9. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Groups tooltips so moving from one to the next skips the delay. It is not mounted at the app root:
 * Radix's tooltip pulls in its positioning engine (~9 KB gzip), which the home route should not pay for
 * until a page actually shows a tooltip. Wrap a page region in it when it has several tooltips.
 */
const InTooltipGroup = createContext(false);

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <InTooltipGroup.Provider value={true}>
      <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        {children}
      </TooltipPrimitive.Provider>
    </InTooltipGroup.Provider>
  );
}

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element; it receives the trigger's props. */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

/** A tooltip with the spec's delays; works on its own or inside a TooltipProvider group. */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  const tooltip = (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={4}
          className="z-50 rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow-md"
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-slate-900" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
  return useContext(InTooltipGroup) ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
