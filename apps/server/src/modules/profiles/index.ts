/** Profiles: a player's public page, nickname, bio, avatar, and which lists others may see. */
export { createProfileService, type ProfileService } from './profile-service.js';
export { registerProfileRoutes } from './routes.js';
