import { loadSecretFile } from '../../../platform/secret-file.js';

/**
 * The sandbox's HMAC secret: from SANDBOX_WEBHOOK_SECRET when several processes must share it,
 * else generated once into DATA_DIR/keys (0600) like the risk key.
 */
export async function loadSandboxSecret(dataDir: string, configured?: string): Promise<string> {
  return configured ?? loadSecretFile(dataDir, 'sandbox-webhook-secret', 'whsec_');
}
