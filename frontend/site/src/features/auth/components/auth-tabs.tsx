import * as Tabs from '@radix-ui/react-tabs';
import { useLocation, useSearchParams } from '../../../lib/router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import type { User } from '../../../types/api';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export type AuthTab = 'login' | 'register';

const triggerClasses =
  'flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

export interface AuthTabsProps {
  onLoggedIn: (user: User) => void;
  onRegistered: (user: User) => void;
}

/** 'Sign in' and 'Register' tabs; ?tab=register opens registration and switching rewrites the URL (replace). */
export function AuthTabs({ onLoggedIn, onRegistered }: AuthTabsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const tab: AuthTab = searchParams.get('tab') === 'register' ? 'register' : 'login';

  function select(value: string) {
    const next = new URLSearchParams(searchParams);
    if (value === 'register') next.set('tab', 'register');
    else next.delete('tab');
    // Keep the guard's state ({from}) so signing in after switching tabs still returns there.
    setSearchParams(next, { replace: true, state: location.state as unknown });
  }

  return (
    <Tabs.Root value={tab} onValueChange={select} className="w-full">
      <Tabs.List aria-label="Sign in or register" className="mb-4 flex gap-1 rounded-lg bg-slate-100 p-1">
        <Tabs.Trigger value="login" className={triggerClasses}>
          Sign in
        </Tabs.Trigger>
        <Tabs.Trigger value="register" className={triggerClasses}>
          Register
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="login">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Sign in</CardTitle>
            <CardDescription>Welcome back. Sign in with your username or email.</CardDescription>
          </CardHeader>
          <CardContent>
            <LoginForm onSuccess={onLoggedIn} />
          </CardContent>
        </Card>
      </Tabs.Content>
      <Tabs.Content value="register">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Create an account</CardTitle>
            <CardDescription>We will email you a 6-digit code to verify your address.</CardDescription>
          </CardHeader>
          <CardContent>
            <RegisterForm onSuccess={onRegistered} />
          </CardContent>
        </Card>
      </Tabs.Content>
    </Tabs.Root>
  );
}
