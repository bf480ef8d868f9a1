import { STATUS } from '@taleforge/contracts/status';
import { describe, expect, it } from 'vitest';
import { buildReplyRequest, loadDemoPersona } from '../../../test/support/personas.js';
import {
  createOfflineProvider,
  ModelError,
  type ModelProvider,
  type ReplyEvent,
  type ReplyRequest,
} from '../llm/index.js';
import { createWordlistModerator } from './moderation.js';
import { failureStatus, streamReply } from './stream-reply.js';

const moderator = createWordlistModerator();
const vale = loadDemoPersona('captain-vale');

function scripted(events: ReplyEvent[], error?: ModelError): ModelProvider {
  return {
    name: 'openai',
    async *reply() {
      yield* events;
      if (error) throw error;
    },
    summarize: async () => '',
  };
}

const replyOf = (
  provider: ModelProvider,
  input: { request: ReplyRequest; onDelta: (text: string) => void },
) => streamReply({ ...input, events: provider.reply(input.request), moderator });

describe('streamReply', () => {
  it('streams the offline engine and confirms a goal the player really reached', async () => {
    const shown: string[] = [];
    const outcome = await replyOf(createOfflineProvider(), {
      request: buildReplyRequest({
        persona: vale,
        locale: 'zh_CN',
        goalKey: 'join-the-crew',
        history: [
          { role: 'player', text: '我知道你的地图在哪里。' },
          { role: 'character', text: '说下去。' },
        ],
        message: '我发誓会把它拿回来。',
      }),
      onDelta: (text) => {
        shown.push(text);
      },
    });
    expect(outcome).toEqual({
      kind: 'complete',
      text: shown.join(''),
      expression: 'happy',
      goal: { key: 'join-the-crew', reached: true, percent: 100 },
    });
    expect(outcome.kind === 'complete' && outcome.text).toMatch(/欢迎登上黄铜隼号/);
  });

  it('drops a proposal the player’s words do not support, and reports progress', async () => {
    const outcome = await replyOf(
      scripted([
        { type: 'delta', text: 'Welcome aboard!' },
        {
          type: 'final',
          result: {
            text: 'Welcome aboard!',
            expression: 'happy',
            goal: { key: 'join-the-crew' },
            withheld: false,
          },
        },
      ]),
      {
        request: buildReplyRequest({
          persona: vale,
          goalKey: 'join-the-crew',
          message: 'The map!',
        }),
        onDelta: () => {},
      },
    );
    expect(outcome).toMatchObject({ goal: { reached: false, percent: 50 } });
  });

  it('reports what the player saw when the model fails mid-reply', async () => {
    const outcome = await replyOf(
      scripted([{ type: 'delta', text: 'Well, spar' }], new ModelError('timeout', 'slow')),
      { request: buildReplyRequest(), onDelta: () => {} },
    );
    expect(outcome).toEqual({ kind: 'failed', reason: 'timeout', partialText: 'Well, spar' });
  });

  it.each([
    ['timeout', STATUS.CHAT_REPLY_TIMEOUT],
    ['upstream', STATUS.CHAT_REPLY_FAILED],
    ['aborted', STATUS.CHAT_REPLY_FAILED],
    ['protocol', STATUS.CHAT_REPLY_FAILED],
    ['withheld', STATUS.CHAT_REPLY_WITHHELD],
    ['blocked', STATUS.CHAT_REPLY_WITHHELD],
  ] as const)('maps %s to status %i', (reason, status) => {
    expect(failureStatus(reason)).toBe(status);
  });
});
