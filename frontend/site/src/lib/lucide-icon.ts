/**
 * A smaller runtime for lucide-react's icons, which the build gives every icon module in place of the
 * package's own createLucideIcon (vite.config.ts, `lucideIconRuntime`): the same <svg> (attributes, classes
 * 'lucide lucide-<name>', aria-hidden unless labelled) without the context, kebab/pascal-case helpers and
 * attribute-name tables the site never uses (issue 23: ~1 KB gzip of the 100 KB each page may ship).
 * Supported props: className, size, color, strokeWidth, children and any SVG attribute.
 */
import { createElement, type ReactNode, type SVGProps } from 'react';

type IconNode = [tag: string, attributes: Record<string, string>][];

/** What lucide-react's icon modules give createLucideIcon (lucide-icon.server.ts takes the same). */
export interface IconData {
  name: string;
  size?: number;
  aliases?: unknown[];
  node: IconNode;
}

export type IconProps = SVGProps<SVGSVGElement> & {
  size?: number | string;
  children?: ReactNode;
};

/** Whether the icon is labelled (it then is not aria-hidden). */
export function labelled(props: Record<string, unknown>): boolean {
  return Object.keys(props).some(
    (name) => (name.startsWith('aria-') || name === 'role' || name === 'title') && props[name] != null,
  );
}

export default function createLucideIcon(icon: IconData) {
  const box = icon.size ?? 24;
  const names = [
    icon.name,
    ...(icon.aliases ?? []).filter((a): a is string => typeof a === 'string' && a !== ''),
  ];
  function LucideIcon({
    className = '',
    size = 24,
    color = 'currentColor',
    strokeWidth = 2,
    children,
    ...rest
  }: IconProps) {
    const classes = new Set(['lucide', ...names.map((n) => `lucide-${n}`), ...className.split(/\s+/)]);
    classes.delete('');
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: size,
        height: size,
        viewBox: `0 0 ${box} ${box}`,
        fill: 'none',
        stroke: color,
        strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: [...classes].join(' '),
        ...(children || labelled(rest) ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      [...icon.node.map(([tag, attributes]) => createElement(tag, attributes)), children],
    );
  }
  return LucideIcon;
}
