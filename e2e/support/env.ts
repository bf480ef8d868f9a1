// Where the journeys find the server; read by playwright.config.ts and the tests alike.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8180);
/** Maps to 127.0.0.1 in the browser (--host-resolver-rules) but is neither localhost nor the test host. */
export const DEVTOOLS_HOST = 'devtools.taleforge.test';
export const DEVTOOLS_ORIGIN = `http://${DEVTOOLS_HOST}:${E2E_PORT}`;
