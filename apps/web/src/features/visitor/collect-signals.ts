import type { UnknownComponents } from '@fingerprintjs/fingerprintjs';

/** What the server's risk module reads: FingerprintJS components as `{value}` or `{error}`. */
export type WireComponent = { value: unknown } | { error: string };

export type DeviceSignals = {
  visitorId: string;
  components: Record<string, WireComponent>;
};

/** Values bigger than this (canvas images, long font lists) travel as a hash instead. */
const MAX_VALUE_CHARS = 512;

const errorText = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 200) : String(error);

/**
 * Keeps FingerprintJS's component shape but drops timings (noise) and replaces large values by
 * a stable hash, so the sealed payload stays small and the server can still tell devices apart.
 */
export function toWireComponents(
  components: UnknownComponents,
  hash: (components: UnknownComponents) => string,
): Record<string, WireComponent> {
  const wire: Record<string, WireComponent> = {};
  for (const [key, component] of Object.entries(components)) {
    if ('error' in component) {
      wire[key] = { error: errorText(component.error) };
      continue;
    }
    const text = JSON.stringify(component.value) ?? '';
    wire[key] = {
      value: text.length > MAX_VALUE_CHARS ? { hash: hash({ [key]: component }) } : component.value,
    };
  }
  return wire;
}

/**
 * Device signals from FingerprintJS (open source, MIT), loaded as its own chunk. `monitoring:
 * false` turns off the agent's statistics request to the vendor's CDN, so collecting makes no
 * network request at all.
 */
export async function collectSignals(): Promise<DeviceSignals> {
  const fingerprint = await import('./fingerprint-agent');
  const agent = await fingerprint.load({ monitoring: false });
  const result = await agent.get();
  return {
    visitorId: result.visitorId,
    components: toWireComponents(result.components, fingerprint.hashComponents),
  };
}
