import { Link } from '../../lib/router';
import { ContentPage, Prose } from '../../components/layouts/content-page';
import { paths } from '../../config/paths';
import { site } from '../../config/site';

// Update this date whenever the policy's substance changes.
const LAST_UPDATED = '22 November 2026';

export default function PrivacyRoute() {
  return (
    <ContentPage
      title="Privacy Policy"
      eyebrow="Legal"
      intro={
        <p>
          This policy explains what personal data {site.name} collects, why, how long we keep it, and the
          choices you have. Last updated: {LAST_UPDATED}.
        </p>
      }
    >
      <Prose>
        <h2>Summary</h2>
        <ul>
          <li>You can browse and search jobs without an account and without giving us any personal data.</li>
          <li>
            If you create an account or a job alert, we store your e-mail address and the details below.
          </li>
          <li>We do not sell your data, and we do not use advertising or cross-site tracking cookies.</li>
          <li>
            Every alert e-mail has an unsubscribe link, and you can ask us to delete your data at any time.
          </li>
        </ul>

        <h2>What we collect</h2>
        <h3>Account</h3>
        <p>
          When you sign up: your username, e-mail address and, if you give them, your first and last name.
          Your password is stored only as a salted one-way hash; we cannot read it. We also record whether
          your e-mail address is verified and when the account was created.
        </p>
        <h3>Job alerts and saved searches</h3>
        <p>
          When you subscribe to an alert: your e-mail address, the search criteria you chose (such as job
          title, location, experience level, job type and salary range), the frequency (daily or weekly), and
          when each digest was sent. Saved searches store the criteria you saved and when you last used them.
        </p>
        <h3>Technical data</h3>
        <p>
          Like any website, our servers receive your IP address, browser type and the pages you request. We
          use these to keep the service secure (for example, to limit repeated login attempts) and to fix
          errors.
        </p>
        <h3>What we do not collect</h3>
        <p>
          We do not collect your CV, and we never see your job applications: the Apply button takes you to the
          employer&apos;s own site, whose privacy policy then applies.
        </p>

        <h2>Why we use it</h2>
        <ul>
          <li>To run your account and keep you signed in (performing our service to you).</li>
          <li>
            To send the verification code and the job alerts you asked for (your consent, which you can
            withdraw).
          </li>
          <li>To protect the service against abuse and fraud (our legitimate interest).</li>
        </ul>

        <h2>Cookies</h2>
        <p>
          We use one essential cookie: a session cookie that keeps you signed in. It is marked HttpOnly,
          cannot be read by scripts, and expires when you log out or after a period of inactivity. We do not
          set advertising or third-party tracking cookies, so we do not ask for cookie consent. Company logos
          may be loaded from the companies&apos; own servers, which then see your IP address.
        </p>

        <h2>E-mail and unsubscribing</h2>
        <p>
          We send e-mail only for account verification, job alerts you subscribed to, and important notices
          about your account. Every alert e-mail contains a one-click unsubscribe link that stops that alert
          at once, without signing in. You can also remove alerts from your profile or by writing to us.
        </p>

        <h2>How long we keep it</h2>
        <ul>
          <li>
            Account data: for as long as your account exists; deleted within 30 days after you ask us to.
          </li>
          <li>Job alerts: until you unsubscribe; an unconfirmed alert is deleted after 30 days.</li>
          <li>Server logs with IP addresses: 30 days.</li>
          <li>Backups: overwritten within 90 days, after which deleted data is gone for good.</li>
        </ul>

        <h2>Who we share it with</h2>
        <p>
          Only with service providers that help us run the site, such as our hosting and e-mail delivery
          providers, under contracts that forbid any other use. We disclose data to authorities only when the
          law requires it.
        </p>

        <h2>Security</h2>
        <p>
          Data is sent over encrypted connections, passwords are hashed, and access to production systems is
          limited to the people who operate them.
        </p>

        <h2>Your rights</h2>
        <p>
          Depending on where you live (for example under the GDPR or the CCPA), you may ask us for a copy of
          your data, to correct it, to delete it, to restrict or object to its use, or to receive it in a
          portable format. Write to <a href={`mailto:${site.privacyEmail}`}>{site.privacyEmail}</a>; we answer
          within 30 days. You may also complain to your data protection authority.
        </p>

        <h2>Children</h2>
        <p>
          {site.name} is meant for job seekers aged 16 and over; we do not knowingly collect children&apos;s
          data.
        </p>

        <h2>Changes</h2>
        <p>
          When we change this policy in a way that matters, we update the date above and, for significant
          changes, tell account holders by e-mail. Questions? See our{' '}
          <Link to={paths.contact.getHref()}>contact page</Link>.
        </p>
      </Prose>
    </ContentPage>
  );
}
