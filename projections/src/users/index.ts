export { usersProjection, USERS_PROJECTION, type UserRow } from './users';
