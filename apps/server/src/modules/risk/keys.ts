import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileOnce } from '../../platform/secret-file.js';

export interface RiskKeys {
  kid: string;
  /** SubjectPublicKeyInfo DER, base64: what WebCrypto's importKey('spki') takes. */
  spki: string;
  privateKey: KeyObject;
  /** Key of the device hash; derived from the private key so there is one secret to share. */
  deviceHashKey: Buffer;
}

function fromPrivateKey(privateKey: KeyObject): RiskKeys {
  const spkiDer = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'der' });
  return {
    kid: createHash('sha256').update(spkiDer).digest('hex').slice(0, 16),
    spki: spkiDer.toString('base64'),
    privateKey,
    // The label is the one visitor ids were derived with, so a device hashes as its old id did.
    deviceHashKey: createHmac('sha256', pkcs8).update('taleforge visitor id v1').digest(),
  };
}

/**
 * The RSA key pair of the risk step: from RISK_PRIVATE_KEY_PEM when several processes must share
 * it, else generated once into DATA_DIR/keys and kept (0600) so visitor ids survive restarts.
 */
export async function loadRiskKeys(dataDir: string, pem?: string): Promise<RiskKeys> {
  if (pem) return fromPrivateKey(createPrivateKey(pem));
  const file = path.join(dataDir, 'keys', 'risk-private.pem');
  try {
    return fromPrivateKey(createPrivateKey(await readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const out = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  // Another process sharing the data directory may have written its key first: theirs is used.
  return fromPrivateKey(createPrivateKey(await writeFileOnce(file, out)));
}
