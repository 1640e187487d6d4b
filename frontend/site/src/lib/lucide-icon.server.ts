/**
 * The server build's runtime for lucide-react's icons (vite.config.ts, `lucideIconRuntime`; the browser keeps
 * lucide-icon.ts): the same <svg> element and attributes, but its shapes (<path>, <circle>, …) are written once per
 * icon, at startup, by React itself (renderToStaticMarkup of the very elements lucide-icon.ts renders), and each
 * render passes them as the svg's inner HTML. The page's bytes are the same, so the browser hydrates its own
 * elements against them as before; the server's render does ~1 element per icon instead of 3-5 and none of the
 * per-render arrays and sets (issue 23 §6: a job page has ~46 icons, 30 of them in its similar jobs' cards).
 */
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { labelled, type IconData, type IconProps } from './lucide-icon';

export default function createLucideIcon(icon: IconData) {
  const box = icon.size ?? 24;
  const names = [
    icon.name,
    ...(icon.aliases ?? []).filter((a): a is string => typeof a === 'string' && a !== ''),
  ];
  const prefix = ['lucide', ...names.map((n) => `lucide-${n}`)];
  const shapes = icon.node.map(([tag, attributes]) => createElement(tag, attributes));
  // Module initialisation, never inside another render: React's own markup for the shapes.
  const inner = { __html: renderToStaticMarkup(createElement('svg', null, shapes)).slice(5, -6) };
  /** The class attribute for a className, as lucide-icon.ts joins it (deduplicated, in order). */
  const classNames = new Map<string, string>();
  function classOf(className: string): string {
    let joined = classNames.get(className);
    if (joined === undefined) {
      const classes = new Set([...prefix, ...className.split(/\s+/)]);
      classes.delete('');
      joined = [...classes].join(' ');
      if (classNames.size < 100) classNames.set(className, joined);
    }
    return joined;
  }
  function LucideIcon({
    className = '',
    size = 24,
    color = 'currentColor',
    strokeWidth = 2,
    children,
    ...rest
  }: IconProps & { children?: ReactNode }) {
    const props = {
      xmlns: 'http://www.w3.org/2000/svg',
      width: size,
      height: size,
      viewBox: `0 0 ${box} ${box}`,
      fill: 'none',
      stroke: color,
      strokeWidth,
      strokeLinecap: 'round' as const,
      strokeLinejoin: 'round' as const,
      className: classOf(className),
      ...(children || labelled(rest) ? {} : { 'aria-hidden': 'true' as const }),
      ...rest,
    };
    // Children after the shapes (a <title>, say): React's own elements, as in the browser.
    return children
      ? createElement('svg', props, [...shapes, children])
      : createElement('svg', { ...props, dangerouslySetInnerHTML: inner });
  }
  return LucideIcon;
}
