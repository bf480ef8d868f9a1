/** What other modules may use of analytics. */
export { moveVisitorPageViews } from './queries.js';
