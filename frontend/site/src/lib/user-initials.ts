export interface NamedUser {
  username: string;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * Avatar initials (spec section 2): first letters of firstName and lastName when both exist,
 * otherwise the first two letters of the username; always upper case.
 */
export function getUserInitials(user: NamedUser): string {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  return user.username.trim().slice(0, 2).toUpperCase();
}
