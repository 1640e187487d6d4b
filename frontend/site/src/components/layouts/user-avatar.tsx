import { getUserInitials } from '../../lib/user-initials';
import type { User } from '../../types/api';

export function UserAvatar({ user }: { user: User }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
    >
      {getUserInitials(user)}
    </span>
  );
}
