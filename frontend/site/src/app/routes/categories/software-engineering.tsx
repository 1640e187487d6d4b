import { feedHref } from '../../../config/paths';
import { CategoryGuide } from '../../../components/layouts/category-guide';

const roles = [
  {
    title: 'Frontend Engineer',
    description:
      'Builds the parts of a product people see and use in the browser: interfaces, accessibility and performance.',
  },
  {
    title: 'Backend Engineer',
    description: 'Designs APIs, data models and services, and keeps them fast, secure and reliable.',
  },
  {
    title: 'Full-Stack Engineer',
    description:
      'Works across the browser and the server, common in smaller teams that ship features end to end.',
  },
  {
    title: 'Mobile Engineer',
    description:
      'Builds iOS and Android apps, natively (Swift, Kotlin) or cross-platform (React Native, Flutter).',
  },
  {
    title: 'DevOps / Site Reliability Engineer',
    description:
      'Automates infrastructure, deployments and monitoring, and is on call when production breaks.',
  },
  {
    title: 'Engineering Manager',
    description: 'Leads a team of engineers: hiring, growth, delivery and the health of a distributed team.',
  },
];

const skills = [
  'JavaScript / TypeScript',
  'React',
  'Node.js',
  'Python',
  'Go',
  'Java / Kotlin',
  'SQL and PostgreSQL',
  'REST and GraphQL APIs',
  'AWS, GCP or Azure',
  'Docker and Kubernetes',
  'Automated testing',
  'Git and code review',
  'Written communication',
];

const searches = [
  { label: 'Software Engineer', href: feedHref({ title: 'Software Engineer' }) },
  { label: 'Frontend', href: feedHref({ title: 'Frontend' }) },
  { label: 'Backend', href: feedHref({ title: 'Backend' }) },
  { label: 'Full Stack', href: feedHref({ title: 'Full Stack' }) },
  { label: 'Mobile', href: feedHref({ title: 'Mobile' }) },
  { label: 'DevOps', href: feedHref({ title: 'DevOps' }) },
  { label: 'Entry-level engineering', href: feedHref({ title: 'Engineer', experienceLevel: 'Entry' }) },
  { label: 'Senior engineering', href: feedHref({ title: 'Engineer', experienceLevel: 'Senior' }) },
  { label: 'Engineering Manager', href: feedHref({ title: 'Engineering Manager' }) },
];

export default function SoftwareEngineeringRoute() {
  return (
    <CategoryGuide
      title="Remote Software Engineering Jobs"
      intro={
        <p>
          Software engineering was remote-first before remote was common: code lives in repositories, work is
          reviewed in writing, and teams ship from every time zone. Here is what the main roles involve and
          what employers look for.
        </p>
      }
      roles={roles}
      skills={skills}
      searches={searches}
    >
      <h2>Getting hired as a remote engineer</h2>
      <ul>
        <li>
          <strong>Show code.</strong> Public repositories, open-source contributions or a well-documented side
          project let reviewers judge your work before the first call.
        </li>
        <li>
          <strong>Expect a take-home or pair-programming exercise.</strong> Explain your trade-offs in
          writing; remote teams value that as much as the code.
        </li>
        <li>
          <strong>Highlight async habits:</strong> clear pull-request descriptions, design documents, and
          handing over work across time zones.
        </li>
      </ul>
    </CategoryGuide>
  );
}
