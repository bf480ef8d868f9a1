export * from './games.js';
export * from './page-views.js';
export * from './sessions.js';
export * from './users.js';
export * from './visitors.js';
