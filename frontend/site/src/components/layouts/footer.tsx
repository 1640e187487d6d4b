import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { site } from '../../config/site';
import { footerColumns } from './footer-links';
import { Logo } from './logo';
import { GitHubIcon, LinkedInIcon, XIcon } from './social-icons';

// Placeholders until the project has accounts on these networks (spec: social links are placeholders).
const socialLinks: { label: string; icon: ReactNode }[] = [
  { label: 'Follow us on X (Twitter)', icon: <XIcon /> },
  { label: 'Follow us on LinkedIn', icon: <LinkedInIcon /> },
  { label: 'Our code on GitHub', icon: <GitHubIcon /> },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[1.2fr_3fr]">
          <div className="space-y-4">
            <Logo inverted />
            <p className="max-w-xs text-sm leading-relaxed text-slate-300">{site.tagline}</p>
            <ul className="flex gap-3">
              {socialLinks.map((social) => (
                <li key={social.label}>
                  <a
                    href="#"
                    aria-label={social.label}
                    className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-slate-800 text-slate-200 hover:bg-slate-700 hover:text-white"
                  >
                    {social.icon}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
            {footerColumns.map((column) => (
              <nav key={column.title} aria-label={column.title}>
                <h2 className="mb-3 text-sm font-semibold tracking-wide text-white">{column.title}</h2>
                <ul className="space-y-2">
                  {column.links.map((link) => (
                    <li key={link.label}>
                      <Link
                        to={link.href}
                        className="text-sm text-slate-300 hover:text-white hover:underline"
                      >
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>
        <div className="mt-10 border-t border-slate-800 pt-6 text-sm text-slate-400">
          <p>
            © {year} {site.name}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
