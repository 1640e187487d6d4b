import { ContentPage } from '../../components/layouts/content-page';
import { LinkGrid, type LinkCardItem } from '../../components/layouts/link-grid';
import { feedHref, paths } from '../../config/paths';

const guides: LinkCardItem[] = [
  {
    label: 'Software Engineering',
    href: paths.softwareEngineering.getHref(),
    description: 'Roles, skills and where to start: frontend, backend, mobile and more.',
  },
  {
    label: 'Data Science & Analytics',
    href: paths.dataScience.getHref(),
    description: 'Analysts, data scientists, data and ML engineers: what each does.',
  },
];

function search(label: string, title: string, description: string): LinkCardItem {
  return { label, href: feedHref({ title }), description };
}

const categories: LinkCardItem[] = [
  search('Software Engineering', 'Engineer', 'Frontend, backend, full-stack and mobile developers.'),
  search('Data Science & Analytics', 'Data', 'Analysts, data scientists and data engineers.'),
  search('Product & Design', 'Product Designer', 'Product designers, UX researchers and UI designers.'),
  search('Product Management', 'Product Manager', 'Product managers and product owners.'),
  search('DevOps & Infrastructure', 'DevOps', 'DevOps, SRE, platform and cloud engineers.'),
  search('Security', 'Security', 'Application, cloud and information security roles.'),
  search('Quality Assurance', 'QA', 'Manual and automation testers, quality engineers.'),
  search('Machine Learning & AI', 'Machine Learning', 'ML engineers, researchers and applied scientists.'),
  search('Marketing', 'Marketing', 'Growth, content, SEO and performance marketing.'),
  search('Sales & Account Management', 'Sales', 'Account executives, SDRs and account managers.'),
  search('Customer Support', 'Support', 'Customer support, success and technical support.'),
  search('Writing & Content', 'Writer', 'Copywriters, technical writers and editors.'),
  search('Finance & Accounting', 'Accountant', 'Accountants, controllers and financial analysts.'),
  search('People & Recruiting', 'Recruiter', 'Recruiters, talent partners and HR generalists.'),
  search('Operations', 'Operations', 'Business, revenue and people operations.'),
  search('Project Management', 'Project Manager', 'Project and program managers, scrum masters.'),
];

export default function CategoriesRoute() {
  return (
    <ContentPage
      title="Remote Job Categories"
      eyebrow="Categories"
      intro={
        <p>
          Browse remote and hybrid jobs by field. Each category opens the job feed with a matching search,
          which you can refine further with filters for location, job type and experience.
        </p>
      }
    >
      <section aria-labelledby="guides-heading" className="mb-12">
        <h2 id="guides-heading" className="mb-4 text-2xl font-bold text-slate-900">
          Career guides
        </h2>
        <LinkGrid items={guides} columns={2} />
      </section>
      <section id="all-categories" aria-labelledby="all-categories-heading" className="scroll-mt-24">
        <h2 id="all-categories-heading" className="mb-4 text-2xl font-bold text-slate-900">
          All categories
        </h2>
        <LinkGrid items={categories} />
      </section>
    </ContentPage>
  );
}
