import { CenteredSpinner } from '../../components/ui/spinner';
import {
  AccountDetails,
  ChangePasswordForm,
  JobAlertsSection,
  ProfileNameForm,
  SavedSearchesSection,
} from '../../features/profile';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useUser } from '../../lib/auth';

/** Behind ProtectedRoute: the user is present once the session has loaded. */
export default function ProfileRoute() {
  useDocumentTitle('Your profile');
  const { data: user } = useUser();
  if (!user) return <CenteredSpinner />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your profile</h1>
      <AccountDetails user={user} />
      {/* Keyed by the user so the form starts from the saved names after an update elsewhere. */}
      <ProfileNameForm key={user.id ?? user.username} user={user} />
      <ChangePasswordForm />
      <JobAlertsSection user={user} />
      <SavedSearchesSection user={user} />
    </div>
  );
}
