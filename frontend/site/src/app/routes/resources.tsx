import { Link } from '../../lib/router';
import { ContentPage, Prose } from '../../components/layouts/content-page';
import { paths } from '../../config/paths';

const sections = [
  { id: 'finding-jobs', title: 'Finding the right remote job' },
  { id: 'applying', title: 'Applying and standing out' },
  { id: 'interviews', title: 'Remote interviews' },
  { id: 'home-office', title: 'Setting up to work from home' },
  { id: 'working-well', title: 'Working well on a distributed team' },
  { id: 'scams', title: 'Spotting job scams' },
];

export default function ResourcesRoute() {
  return (
    <ContentPage
      title="Remote Work Guide"
      eyebrow="Resources"
      intro={
        <p>
          Practical advice for finding, landing and thriving in a remote job, from reading a job post
          correctly to setting up a workday that lasts.
        </p>
      }
    >
      <nav aria-label="On this page" className="mb-10 rounded-xl border border-slate-200 bg-white p-6">
        <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-900 uppercase">On this page</h2>
        <ol className="grid gap-2 sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-brand-700 hover:underline">
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <Prose>
        <h2 id="finding-jobs" className="scroll-mt-24">
          1. Finding the right remote job
        </h2>
        <p>
          &ldquo;Remote&rdquo; covers very different arrangements. Read each post for three things before you
          invest time in an application:
        </p>
        <ul>
          <li>
            <strong>Where you may live.</strong> Fully remote, remote within a country or region, or hybrid
            with some days in an office. Filter by <Link to={paths.countries.getHref()}>country</Link> to see
            only the jobs open to you.
          </li>
          <li>
            <strong>When you must be online.</strong> Asynchronous teams care about output; others expect
            fixed hours in a given time zone.
          </li>
          <li>
            <strong>How you are employed.</strong> Full-time employment, contract or freelance: see{' '}
            <Link to={paths.jobTypes.getHref()}>job types</Link> for what each means in practice.
          </li>
        </ul>
        <p>
          Save time by creating a job alert for the search you keep repeating: we e-mail you new matches daily
          or weekly, and you can unsubscribe from any alert e-mail.
        </p>

        <h2 id="applying" className="scroll-mt-24">
          2. Applying and standing out
        </h2>
        <ul>
          <li>
            <strong>Show that you can work without supervision.</strong> Mention projects you drove end to
            end, and how you kept others informed.
          </li>
          <li>
            <strong>Write well.</strong> Remote teams run on written communication; your cover note is the
            first sample of it. Keep it short, specific to the company, and free of filler.
          </li>
          <li>
            <strong>Make your work visible.</strong> A portfolio, public code, case studies or writing lets a
            hiring manager judge your work without meeting you.
          </li>
          <li>
            <strong>State your location and time zone</strong> on your CV so nobody has to guess whether you
            are eligible.
          </li>
        </ul>

        <h2 id="interviews" className="scroll-mt-24">
          3. Remote interviews
        </h2>
        <ul>
          <li>
            Test your camera, microphone and the meeting tool the day before, and keep a phone as a backup.
          </li>
          <li>Sit facing a window or a lamp, with a quiet, plain background.</li>
          <li>
            Prepare examples of remote collaboration: a disagreement solved in writing, a handover across time
            zones, a project you documented.
          </li>
          <li>
            Ask about the team&apos;s rhythm: which meetings are fixed, how decisions are recorded, how new
            people are onboarded, and what equipment budget is offered.
          </li>
        </ul>

        <h2 id="home-office" className="scroll-mt-24">
          4. Setting up to work from home
        </h2>
        <ul>
          <li>
            <strong>A dedicated spot.</strong> Even a corner used only for work helps you start and stop the
            day.
          </li>
          <li>
            <strong>Ergonomics.</strong> Screen at eye level, feet flat, elbows at about ninety degrees; an
            external keyboard and mouse make a laptop usable all day.
          </li>
          <li>
            <strong>Reliable internet.</strong> For video calls, aim for at least 10 Mbit/s upload, and prefer
            a cable to Wi-Fi where you can.
          </li>
          <li>
            <strong>Security basics.</strong> Use a password manager, turn on two-factor authentication, keep
            your system updated and never share work devices.
          </li>
        </ul>

        <h2 id="working-well" className="scroll-mt-24">
          5. Working well on a distributed team
        </h2>
        <ul>
          <li>
            <strong>Over-communicate progress.</strong> Post short written updates so others can see status
            without a meeting.
          </li>
          <li>
            <strong>Write decisions down</strong> where the team can find them, with the reasons.
          </li>
          <li>
            <strong>Protect your boundaries.</strong> Set working hours in your calendar, turn off
            notifications afterwards, and take real breaks away from the screen.
          </li>
          <li>
            <strong>Stay connected.</strong> Schedule informal calls with colleagues; isolation is the most
            common complaint of remote workers, and it is easier to prevent than to fix.
          </li>
        </ul>

        <h2 id="scams" className="scroll-mt-24">
          6. Spotting job scams
        </h2>
        <p>Remote job seekers are a favourite target of fraud. Walk away if an &ldquo;employer&rdquo;:</p>
        <ul>
          <li>asks you to pay for training, equipment or a background check;</li>
          <li>interviews you only by chat and makes an offer within hours;</li>
          <li>asks for bank details, ID documents or your tax number before a written offer;</li>
          <li>sends you a cheque to buy equipment from a vendor they choose;</li>
          <li>writes from a free e-mail address instead of the company&apos;s domain.</li>
        </ul>
        <p>
          We link every job to the employer&apos;s own application page. If a listing looks wrong, please{' '}
          <Link to={paths.contact.getHref()}>tell us</Link> and we will review it.
        </p>
      </Prose>
    </ContentPage>
  );
}
