/** The signed-in user as GET /api/user answers it (spec section 3); other fields are not read. */
export interface User {
  id?: number | string;
  username: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  role?: string;
  isVerified: boolean;
}
