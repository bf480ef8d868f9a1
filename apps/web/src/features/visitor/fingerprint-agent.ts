// A static import of just what we use, so the bundler can drop the rest of the library; this
// module is itself loaded lazily by collect-signals.
export { hashComponents, load } from '@fingerprintjs/fingerprintjs';
