/** What other modules may use of auth: the accounts other modules' work is credited to. */
export { ensureSystemUser } from './user-queries.js';
