/** What other modules may use of auth: the accounts other modules' work is credited to. */

export {
  findPublicUser,
  findPublicUserById,
  type PublicUser,
  setProfileFields,
} from './profile-writes.js';
export { ensureSystemUser, requireAdmin } from './user-queries.js';
