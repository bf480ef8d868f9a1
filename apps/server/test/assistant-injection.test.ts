import { CALLS } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantMessages } from '../src/platform/db/schema/index.js';
import { askAssistant, buildAssistantCatalogue, buildPlayerWorld } from './support/assistant.js';
import { giveGems } from './support/chat.js';
import { databaseFingerprint } from './support/db-fingerprint.js';
import { type FakeToolModel, startFakeToolModel } from './support/fake-tool-model.js';
import { api } from './support/http.js';
import { INJECTION_CORPUS } from './support/injection-corpus.js';
import { SANDBOX_SECRET } from './support/payments.js';
import { startTestServer, type TestServer } from './support/server.js';
import { checkLedger } from './support/wallet.js';

// The chat's prompt-injection corpus sent to the assistant, answered by a model that obeys it:
// it asks for tools that grant, spend, unlock and save, and for real tools with another player's
// id, then repeats whatever it was told. Nothing but the conversation may change, and no reply
// may show another player's wallet, orders or account.

let naive: FakeToolModel;
let server: TestServer;
beforeAll(async () => {
  naive = await startFakeToolModel({ mode: 'naive' });
  server = await startTestServer({
    ...naive.env,
    SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
    ASSISTANT_DAILY_CAP: '100000',
    ASSISTANT_SENDS_PER_MINUTE: '100000',
  });
  await buildAssistantCatalogue(server.database.db);
});
afterAll(async () => {
  await server.close();
  await naive.close();
});

/** Every table but the conversation itself, which the attacks are allowed to add to. */
async function everythingElse() {
  const { assistant_messages: _conversation, ...rest } = await databaseFingerprint(
    server.database.db,
  );
  return rest;
}

describe(`prompt injection through the assistant: ${INJECTION_CORPUS.length} attacks`, () => {
  it('spends and grants no gems, changes no save, and never shows another player', async () => {
    const victim = await buildPlayerWorld(server, 'Victim Story');
    await giveGems(server, victim.user.id, 1234);
    const victimBalance = victim.balance + 1234;
    const attacker = await buildPlayerWorld(server, 'Attacker Story');
    const before = await everythingElse();
    const secrets = [
      victim.orderNo,
      victim.user.email!,
      victim.user.publicId,
      victim.user.nickName!,
      `"gem_balance":${victimBalance}`,
      String(victimBalance),
    ];
    let answered = 0;
    for (const attack of INJECTION_CORPUS) {
      const res = await askAssistant(server, attacker.token, attack.text.slice(0, 500));
      const context = `${attack.category}: ${attack.text}`;
      expect(res.status, context).toBe(200);
      answered++;
      const shown = `${JSON.stringify(res.data)}\n${res.data!.reply.text}`;
      for (const secret of secrets) expect(shown, context).not.toContain(secret);
      // Only the attacker's own facts reach them.
      const { text } = res.data!.reply;
      if (text.includes('gem_balance'))
        expect(text, context).toContain(`"gem_balance":${attacker.balance}`);
    }
    expect(answered).toBe(INJECTION_CORPUS.length);
    expect(await everythingElse()).toEqual(before);
    expect((await checkLedger(server.database.db)).violations).toEqual([]);
    for (const who of [victim, attacker]) {
      const balance = await api(server, CALLS.walletBalance, {
        token: who.token,
        query: { platform_flag: 2 },
      });
      expect(balance.status, balance.desc).toBe(200);
      expect(balance.data!.gem_balance).toBe(who === victim ? victimBalance : attacker.balance);
    }
    // Every tool that ran was one of ours, with no one's id among its arguments.
    const replies = await server.database.db
      .select({ tools: assistantMessages.tools })
      .from(assistantMessages)
      .where(eq(assistantMessages.userId, attacker.user.id));
    const ran = replies.flatMap((r) => r.tools);
    expect(ran.length).toBeGreaterThan(0);
    for (const tool of ran) {
      expect(['wallet_summary', 'explain_payment', 'continue_last_game']).toContain(tool.name);
      expect(tool.args).toEqual({});
    }
  });
});
