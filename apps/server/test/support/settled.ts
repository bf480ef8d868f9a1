/**
 * How long a test waits for what it expects to be seen: a loopback server's close, a broadcast,
 * a write. On two busy cores (the whole suite runs at once) that can take seconds; a wait still
 * ends as soon as its condition holds. Below a unit test's 5 s, so a miss fails as the condition
 * it waited for, not as the test's time-out.
 */
export const SETTLED = { timeout: 4_000 };
