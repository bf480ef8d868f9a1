import {
  notificationListCall,
  notificationReadCall,
  notificationUnreadCall,
} from '@taleforge/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { SocialRouteDeps } from './route-deps.js';

export function registerNotificationRoutes(app: FastifyInstance, deps: SocialRouteDeps): void {
  const { notifications } = deps;

  defineRoute(app, notificationListCall, ({ query, auth, request }) =>
    notifications.list(auth.userId, query.cursor, request.locale),
  );

  defineRoute(app, notificationUnreadCall, ({ auth }) => notifications.unread(auth.userId));

  defineRoute(app, notificationReadCall, ({ body, auth }) =>
    notifications.markRead(auth.userId, body.up_to_id),
  );
}
