export type DeviceSignals = {
  visitorId: string;
  components: Record<string, unknown>;
};

/** Values bigger than this (canvas images, long font lists) travel as a hash instead. */
const MAX_VALUE_CHARS = 512;

/**
 * Device signals from FingerprintJS (open source, MIT), loaded as its own chunk. `monitoring:
 * false` turns off the agent's statistics request to the vendor's CDN, so collecting makes no
 * network request at all.
 */
export async function collectSignals(): Promise<DeviceSignals> {
  const fingerprint = await import('@fingerprintjs/fingerprintjs');
  const agent = await fingerprint.load({ monitoring: false });
  const result = await agent.get();
  const components: Record<string, unknown> = {};
  for (const [key, component] of Object.entries(result.components)) {
    if ('error' in component) {
      components[key] = { error: errorText(component.error) };
      continue;
    }
    const text = JSON.stringify(component.value) ?? '';
    components[key] =
      text.length > MAX_VALUE_CHARS
        ? { hash: fingerprint.hashComponents({ [key]: component }) }
        : component.value;
  }
  return { visitorId: result.visitorId, components };
}

const errorText = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 200) : String(error);
