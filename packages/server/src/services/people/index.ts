/**
 * People and access, as the rest of the server sees them: accounts (users.ts), sessions and tokens (auth.ts),
 * sign-in links and their throttle, and the first start's seed (bootstrap.ts). Who may do what is the policy's
 * (src/policy.ts), not this domain's.
 */
export * from './account.ts';
export * from './auth.ts';
export * from './bootstrap.ts';
export * from './login-throttle.ts';
export * from './signin-links.ts';
export * from './users.ts';
