import { z } from 'zod';
import { defineCall, idSchema } from '../call.js';
import { EXPRESSIONS } from '../constants.js';

const expression = z.enum(EXPRESSIONS);
const conversationQuery = z.object({ game_id: idSchema, npc_id: idSchema });

export const conversationInfoSchema = z.object({
  game_id: z.number().int(),
  npc_id: z.number().int(),
  name: z.string(),
  portrait: z.string(),
  greeting: z.string(),
  expression,
  goal: z.object({ key: z.string(), text: z.string() }).nullable(),
  price_gems: z.number().int(),
});

export const conversationInfoCall = defineCall({
  method: 'GET',
  path: '/api/auth/h5/game/conversation/info',
  query: conversationQuery,
  data: conversationInfoSchema,
});

export const conversationInfoV2Call = defineCall({
  method: 'GET',
  path: '/api/auth/h5/game/v2/conversation/info',
  query: conversationQuery,
  data: conversationInfoSchema.extend({
    tasks: z.array(z.object({ key: z.string(), title: z.string(), done: z.boolean() })),
    npc_status: z.object({ health: z.number(), magic: z.number(), experience: z.number() }),
    goal_progress: z.number().min(0).max(100).nullable(),
  }),
});

export const chatRecordSchema = z.object({
  id: z.string(),
  role: z.enum(['player', 'npc']),
  text: z.string(),
  expression: expression.nullable(),
  created_at: z.string(),
});

export const chatRecordCall = defineCall({
  method: 'GET',
  path: '/api/auth/h5/game/chat/record',
  query: conversationQuery.extend({
    cursor: z.string().max(64).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(30),
  }),
  data: z.object({ records: z.array(chatRecordSchema), next_cursor: z.string().nullable() }),
});
