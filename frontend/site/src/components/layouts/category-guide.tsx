import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { ContentPage, Prose } from './content-page';
import { LinkGrid, type LinkCardItem } from './link-grid';
import { Badge } from '../ui/badge';
import { paths } from '../../config/paths';

export interface Role {
  title: string;
  description: string;
}

export interface CategoryGuideProps {
  title: string;
  intro: ReactNode;
  roles: Role[];
  skills: string[];
  searches: LinkCardItem[];
  children?: ReactNode;
}

/** Shared layout of the category career guides: roles, skills, advice, then searches. */
export function CategoryGuide({ title, intro, roles, skills, searches, children }: CategoryGuideProps) {
  return (
    <ContentPage title={title} eyebrow="Career guide" intro={intro}>
      <section aria-labelledby="roles-heading">
        <h2 id="roles-heading" className="mb-4 text-2xl font-bold text-slate-900">
          Common roles
        </h2>
        <dl className="grid gap-4 md:grid-cols-2">
          {roles.map((role) => (
            <div key={role.title} className="rounded-lg border border-slate-200 bg-white p-4">
              <dt className="font-semibold text-slate-900">{role.title}</dt>
              <dd className="mt-1 text-sm text-slate-700">{role.description}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="skills-heading" className="mt-10">
        <h2 id="skills-heading" className="mb-4 text-2xl font-bold text-slate-900">
          Skills employers ask for
        </h2>
        <ul className="flex flex-wrap gap-2">
          {skills.map((skill) => (
            <li key={skill}>
              <Badge variant="secondary" className="text-sm">
                {skill}
              </Badge>
            </li>
          ))}
        </ul>
      </section>
      {children && (
        <section className="mt-4">
          <Prose>{children}</Prose>
        </section>
      )}
      <section aria-labelledby="searches-heading" className="mt-10">
        <h2 id="searches-heading" className="mb-4 text-2xl font-bold text-slate-900">
          Search open jobs
        </h2>
        <LinkGrid items={searches} />
        <p className="mt-6 text-sm text-slate-600">
          Looking for something else? See{' '}
          <Link to={`${paths.categories.getHref()}#all-categories`} className="text-brand-700 underline">
            all categories
          </Link>
          .
        </p>
      </section>
    </ContentPage>
  );
}
