/**
 * Skills: the ATS's list when it sends one (canonical casing where we know the skill), else the
 * dictionary's skills found in the title and description, in order of first mention, at most 15.
 */

export const MAX_SKILLS = 15;

interface SkillDef {
  name: string;
  aliases?: readonly string[];
  /** Match only with this exact casing (for names that are also English words: Go, Swift, Excel). */
  caseSensitive?: boolean;
}

const S = (name: string, ...aliases: string[]): SkillDef => ({ name, aliases });
const CASED = (name: string, ...aliases: string[]): SkillDef => ({ name, aliases, caseSensitive: true });

export const SKILLS: readonly SkillDef[] = [
  // Languages
  S('TypeScript'),
  S('JavaScript', 'JS', 'ECMAScript'),
  S('Python'),
  S('Java'),
  S('Kotlin'),
  CASED('Go', 'Golang', 'golang'),
  S('Rust'),
  S('C++', 'cpp'),
  S('C#', 'csharp'),
  CASED('C'),
  S('Ruby'),
  S('PHP'),
  CASED('Swift'),
  S('Objective-C'),
  S('Scala'),
  S('Elixir'),
  S('Erlang'),
  S('Haskell'),
  S('Clojure'),
  CASED('R'),
  S('MATLAB'),
  S('Perl'),
  S('Dart'),
  S('Lua'),
  S('Solidity'),
  S('Bash', 'shell scripting'),
  S('PowerShell'),
  S('SQL'),
  S('HTML', 'HTML5'),
  S('CSS', 'CSS3'),
  S('Sass', 'SCSS'),
  // Frontend and mobile
  S('React', 'React.js', 'ReactJS'),
  S('React Native'),
  S('Next.js', 'NextJS'),
  S('Vue.js', 'Vue', 'VueJS'),
  S('Nuxt', 'Nuxt.js'),
  S('Angular', 'AngularJS'),
  S('Svelte', 'SvelteKit'),
  S('Redux'),
  S('Tailwind CSS', 'Tailwind', 'TailwindCSS'),
  S('Webpack'),
  S('Vite'),
  S('GraphQL'),
  S('REST APIs', 'REST API', 'RESTful'),
  S('gRPC'),
  S('Flutter'),
  S('SwiftUI'),
  S('iOS'),
  S('Android'),
  S('Jetpack Compose'),
  S('Electron'),
  // Backend
  S('Node.js', 'NodeJS', 'Node JS'),
  CASED('Express', 'Express.js'),
  S('NestJS'),
  S('Deno'),
  S('Django'),
  S('Flask'),
  S('FastAPI'),
  S('Ruby on Rails', 'RoR'),
  S('Laravel'),
  S('Symfony'),
  S('Spring Boot', 'Spring Framework'),
  S('.NET', 'dotnet', 'ASP.NET', '.NET Core'),
  S('Microservices'),
  S('Kafka', 'Apache Kafka'),
  S('RabbitMQ'),
  // Data stores
  S('PostgreSQL', 'Postgres'),
  S('MySQL'),
  S('MongoDB', 'Mongo'),
  S('Redis'),
  S('Elasticsearch', 'Elastic Search'),
  S('DynamoDB'),
  S('Cassandra'),
  S('SQLite'),
  S('Oracle'),
  S('SQL Server', 'MSSQL'),
  S('Snowflake'),
  S('BigQuery'),
  S('Redshift'),
  S('Databricks'),
  // Cloud and DevOps
  S('AWS', 'Amazon Web Services'),
  S('GCP', 'Google Cloud', 'Google Cloud Platform'),
  S('Azure', 'Microsoft Azure'),
  S('Docker'),
  S('Kubernetes', 'k8s'),
  S('Terraform'),
  S('Ansible'),
  CASED('Helm'),
  S('CI/CD'),
  S('Jenkins'),
  S('GitHub Actions'),
  S('GitLab CI'),
  S('Git'),
  S('Linux'),
  S('Nginx'),
  S('Prometheus'),
  S('Grafana'),
  S('Datadog'),
  S('Serverless'),
  S('Lambda', 'AWS Lambda'),
  S('Cloudflare'),
  S('Vercel'),
  // Data and AI
  S('Machine Learning', 'ML'),
  S('Deep Learning'),
  S('NLP', 'Natural Language Processing'),
  S('Computer Vision'),
  S('LLMs', 'LLM', 'Large Language Models'),
  S('Generative AI', 'GenAI'),
  S('PyTorch'),
  S('TensorFlow'),
  S('scikit-learn', 'sklearn'),
  S('Pandas'),
  S('NumPy'),
  S('Apache Spark', 'PySpark', 'Spark SQL'),
  S('Hadoop'),
  S('Airflow', 'Apache Airflow'),
  S('dbt'),
  S('ETL'),
  S('Data Analysis'),
  S('Data Visualization', 'Data Visualisation'),
  S('Statistics'),
  S('Tableau'),
  S('Power BI', 'PowerBI'),
  S('Looker'),
  S('Jupyter'),
  // Testing and quality
  S('Jest'),
  S('Vitest'),
  S('Cypress'),
  S('Playwright'),
  S('Selenium'),
  S('Test Automation', 'Automated Testing'),
  S('TDD', 'Test-Driven Development'),
  // Security
  S('Cybersecurity', 'Cyber Security', 'Information Security'),
  S('Penetration Testing', 'Pentesting'),
  S('OAuth'),
  // Design
  S('Figma'),
  CASED('Sketch'),
  S('Adobe Photoshop', 'Photoshop'),
  S('Adobe Illustrator', 'Illustrator'),
  S('Adobe InDesign', 'InDesign'),
  S('Adobe After Effects', 'After Effects'),
  S('Adobe Premiere Pro', 'Premiere Pro'),
  S('Canva'),
  S('UX Design', 'User Experience Design', 'UX'),
  S('UI Design', 'User Interface Design'),
  S('User Research', 'UX Research'),
  S('Prototyping'),
  S('Wireframing', 'Wireframes'),
  S('Design Systems', 'Design System'),
  S('Accessibility', 'a11y', 'WCAG'),
  // Product and delivery
  S('Product Management'),
  S('Agile'),
  S('Scrum'),
  S('Kanban'),
  S('Jira'),
  S('Confluence'),
  CASED('Notion'),
  S('Project Management'),
  S('Stakeholder Management'),
  S('A/B Testing'),
  // Marketing and sales
  S('SEO', 'Search Engine Optimization', 'Search Engine Optimisation'),
  S('SEM'),
  S('Google Ads', 'AdWords'),
  S('Google Analytics'),
  S('Content Marketing'),
  S('Copywriting'),
  S('Email Marketing'),
  S('Social Media Marketing', 'Social Media'),
  S('Growth Marketing'),
  S('Marketing Automation'),
  S('HubSpot'),
  S('Marketo'),
  S('Mailchimp'),
  S('Salesforce', 'SFDC'),
  S('CRM'),
  S('B2B Sales'),
  S('Lead Generation'),
  S('Account Management'),
  S('Cold Calling'),
  S('Negotiation'),
  // Support, finance, people, operations
  S('Customer Service'),
  S('Customer Success'),
  S('Zendesk'),
  S('Intercom'),
  S('Technical Support'),
  CASED('Excel', 'Microsoft Excel', 'MS Excel'),
  S('Google Sheets'),
  S('Financial Modeling', 'Financial Modelling'),
  S('Accounting'),
  S('Bookkeeping'),
  S('QuickBooks'),
  S('Xero'),
  S('NetSuite'),
  S('SAP'),
  S('Payroll'),
  S('Recruiting', 'Recruitment'),
  S('Talent Acquisition'),
  S('Workday'),
  S('Technical Writing'),
  S('Data Entry'),
  S('Supply Chain'),
  S('Teaching'),
  S('Curriculum Development'),
  S('Nursing'),
];

interface Compiled {
  name: string;
  pattern: RegExp;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

// Word boundaries that also work for names with symbols (C++, C#, .NET, Node.js, CI/CD).
// A case-sensitive single word (Go, R, C, Swift, Excel) must not start a sentence, and one-letter
// names count only in a list ('C, C++', 'Python/R').
function compile(def: SkillDef): Compiled {
  const names = [def.name, ...(def.aliases ?? [])].map(escape).join('|');
  let pattern = `(?<![A-Za-z0-9+#.\\-])(?:${names})(?![A-Za-z0-9+#]|\\.[A-Za-z0-9])`;
  if (def.caseSensitive) {
    pattern = `(?<![.!?:]\\s|^|\\n)${pattern}`;
    if (def.name.length === 1)
      pattern = `(?<=[,/(]\\s?|\\band\\s|\\bor\\s)${pattern}(?=\\s?[,/)]|\\s(?:and|or)\\b|$)`;
  }
  return { name: def.name, pattern: new RegExp(pattern, def.caseSensitive ? 'g' : 'gi') };
}

const COMPILED = SKILLS.map(compile);
const CANONICAL = new Map<string, string>();
for (const def of SKILLS) {
  for (const name of [def.name, ...(def.aliases ?? [])]) CANONICAL.set(name.toLowerCase(), def.name);
}

/** The dictionary's spelling of a skill ('typescript' → 'TypeScript'), or the trimmed input. */
export function canonicalSkill(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  return CANONICAL.get(trimmed.toLowerCase()) ?? trimmed;
}

export function findSkills(text: string): string[] {
  const found: { name: string; at: number }[] = [];
  for (const { name, pattern } of COMPILED) {
    pattern.lastIndex = 0;
    const match = pattern.exec(text);
    if (match) found.push({ name, at: match.index });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.name);
}

export interface SkillsInput {
  ats?: readonly string[] | null;
  title: string;
  /** Plain text of the description. */
  description: string;
}

export function extractSkills(input: SkillsInput): string[] {
  const source = input.ats?.length
    ? input.ats.map(canonicalSkill)
    : findSkills(`${input.title}\n${input.description}`);
  const seen = new Set<string>();
  const skills: string[] = [];
  for (const skill of source) {
    const key = skill.toLowerCase();
    if (!skill || seen.has(key)) continue;
    seen.add(key);
    skills.push(skill);
    if (skills.length === MAX_SKILLS) break;
  }
  return skills;
}
