// The risk module: the device risk step and visitor identity. Other modules use it through here.
export { loadRiskKeys, type RiskKeys } from './keys.js';
export { type RiskRouteDeps, registerRiskRoutes } from './routes.js';
export { proveVisitor } from './visitor-identity.js';
