/** The moderators' screen (decision 46), bound to the studio's client by the slot. */
export { type ModerationApi, moderationApi } from './moderation-api';
export { ModerationPage } from './moderation-page';
