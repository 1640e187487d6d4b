import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LayoutDashboard, LogOut, User as UserIcon } from 'lucide-react';
import { useNavigate } from '../../lib/router';
import { paths } from '../../config/paths';
import { isAdmin } from '../../lib/auth';
import { useLogout } from '../../lib/logout';
import type { User } from '../../types/api';
import { UserAvatar } from './user-avatar';

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

/** The signed-in avatar menu: username and e-mail, Profile, Admin Dashboard (admins), Log out. */
export default function UserMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${user.username}`}
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <UserAvatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <div className="px-2 py-2">
            <p className="text-sm font-medium text-slate-900">{user.username}</p>
            <p className="truncate text-xs text-slate-600">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClasses} onSelect={() => navigate(paths.profile.getHref())}>
            <UserIcon aria-hidden="true" className="h-4 w-4" />
            Profile
          </DropdownMenu.Item>
          {isAdmin(user) && (
            <DropdownMenu.Item className={itemClasses} onSelect={() => navigate(paths.admin.root.getHref())}>
              <LayoutDashboard aria-hidden="true" className="h-4 w-4" />
              Admin Dashboard
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={itemClasses}
            disabled={logout.isPending}
            onSelect={() => logout.mutate()}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
