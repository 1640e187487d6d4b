import { Link } from '../../lib/router';
import { ContentPage, Prose } from '../../components/layouts/content-page';
import { paths } from '../../config/paths';
import { site } from '../../config/site';

export default function AboutRoute() {
  return (
    <ContentPage
      title={`About ${site.name}`}
      documentTitle="About Us"
      eyebrow="About us"
      intro={<p>{site.tagline}</p>}
    >
      <Prose>
        <h2>What we do</h2>
        <p>
          {site.name} collects remote and hybrid jobs from the public career pages of companies that hire
          remotely, and puts them in one searchable feed. Every listing links to the employer&apos;s own
          application page: you apply directly to the company, and we never sit between you and the hiring
          team.
        </p>
        <h2>How listings get here</h2>
        <p>
          Our ingestion bots read companies&apos; public job boards (such as Greenhouse, Lever and Ashby)
          several times a day. When a company closes a position, we mark the job as removed, so you spend less
          time on dead links. Company profiles are built from public information about the employer.
        </p>
        <h2>What we believe</h2>
        <ul>
          <li>
            <strong>Search should be free for job seekers.</strong> Browsing, searching and job alerts cost
            nothing.
          </li>
          <li>
            <strong>Clarity beats volume.</strong> Each job shows where you may work from, the job type and
            the experience level, so you can decide quickly.
          </li>
          <li>
            <strong>Your data is yours.</strong> We keep only what we need to run your account and alerts, as
            described in our <Link to={paths.privacy.getHref()}>privacy policy</Link>.
          </li>
          <li>
            <strong>Open source.</strong> The software behind {site.name} is open source, so anyone can see
            how it works and help improve it.
          </li>
        </ul>
        <h2>Get in touch</h2>
        <p>
          Questions, a listing that looks wrong, or a company we should add? Visit our{' '}
          <Link to={paths.contact.getHref()}>contact page</Link>.
        </p>
      </Prose>
    </ContentPage>
  );
}
