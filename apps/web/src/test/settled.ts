/**
 * How long a test waits for what it expects. On two busy cores (the journeys run beside Vitest) a
 * lazy chunk or a first render can take seconds; a wait still ends as soon as its condition holds,
 * so this costs a passing test nothing. Testing Library's async queries take it from setup.ts;
 * `vi.waitFor` waits 1 s unless given it.
 */
export const SETTLED = { timeout: 5_000 };
