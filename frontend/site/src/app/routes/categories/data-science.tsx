import { feedHref } from '../../../config/paths';
import { CategoryGuide } from '../../../components/layouts/category-guide';

const roles = [
  {
    title: 'Data Analyst',
    description:
      'Answers business questions with data: writes SQL, builds dashboards and explains what the numbers mean.',
  },
  {
    title: 'Data Scientist',
    description:
      'Uses statistics and experiments to model behaviour, forecast and measure the effect of changes.',
  },
  {
    title: 'Data Engineer',
    description: 'Builds the pipelines and warehouses that move and clean data so others can trust it.',
  },
  {
    title: 'Machine Learning Engineer',
    description: 'Takes models to production: training pipelines, serving, monitoring and retraining.',
  },
  {
    title: 'Analytics Engineer',
    description:
      'Sits between analysts and engineers, turning raw tables into tested, documented data models.',
  },
  {
    title: 'BI Developer',
    description: 'Designs reporting layers and self-service dashboards for the whole company.',
  },
];

const skills = [
  'SQL',
  'Python (pandas, scikit-learn)',
  'R',
  'Statistics and A/B testing',
  'dbt',
  'Airflow or Dagster',
  'Spark',
  'Snowflake, BigQuery or Redshift',
  'Tableau, Looker or Power BI',
  'PyTorch or TensorFlow',
  'Data visualisation',
  'Communicating results',
];

const searches = [
  { label: 'Data Analyst', href: feedHref({ title: 'Data Analyst' }) },
  { label: 'Data Scientist', href: feedHref({ title: 'Data Scientist' }) },
  { label: 'Data Engineer', href: feedHref({ title: 'Data Engineer' }) },
  { label: 'Machine Learning', href: feedHref({ title: 'Machine Learning' }) },
  { label: 'Analytics Engineer', href: feedHref({ title: 'Analytics Engineer' }) },
  { label: 'Business Intelligence', href: feedHref({ title: 'BI' }) },
  { label: 'Entry-level data jobs', href: feedHref({ title: 'Data', experienceLevel: 'Entry' }) },
];

export default function DataScienceRoute() {
  return (
    <CategoryGuide
      title="Remote Data Science & Analytics Jobs"
      intro={
        <p>
          Data work needs a laptop, access to a warehouse and clear questions, which makes it a natural fit
          for remote teams. The titles overlap a lot, so here is what each role usually means.
        </p>
      }
      roles={roles}
      skills={skills}
      searches={searches}
    >
      <h2>Getting hired in data remotely</h2>
      <ul>
        <li>
          <strong>Build a small portfolio</strong> with real, public data: state the question, show the
          analysis, and end with a recommendation a manager could act on.
        </li>
        <li>
          <strong>SQL is tested almost everywhere.</strong> Practise joins, window functions and aggregations
          until they are routine.
        </li>
        <li>
          <strong>Write for non-specialists.</strong> Remote stakeholders read your findings rather than hear
          them; a clear one-page summary is a strong signal.
        </li>
      </ul>
    </CategoryGuide>
  );
}
