import { Link } from '../../../lib/router';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import type { User } from '../../../types/api';

/** Username, e-mail, verification state and role: what the account is, read-only. */
export function AccountDetails({ user }: { user: User }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Account</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
          <dt className="font-medium text-slate-600">Username</dt>
          <dd className="text-slate-900">{user.username}</dd>
          <dt className="font-medium text-slate-600">Email</dt>
          <dd className="flex flex-wrap items-center gap-2 text-slate-900">
            <span className="break-all">{user.email}</span>
            {user.isVerified ? (
              <Badge variant="success">Verified</Badge>
            ) : (
              <>
                <Badge variant="warning">Not verified</Badge>
                <Link
                  to={paths.verifyEmail.getHref()}
                  className={buttonClasses({ size: 'sm', variant: 'warning' })}
                >
                  Verify Email
                </Link>
              </>
            )}
          </dd>
          <dt className="font-medium text-slate-600">Role</dt>
          <dd className="text-slate-900">{user.role === 'admin' ? 'Admin' : 'User'}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}
