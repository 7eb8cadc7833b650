// `npm start`: the built server with the embedded database and broker, demo accounts and a
// simulated fleet. The simulated units connect from this machine claiming public addresses
// (X-Forwarded-For), so loopback is trusted as a proxy here. The environment overrides all of it.
process.env.DEMO ??= 'true';
process.env.PORT ??= '8080';
process.env.TRUSTED_PROXIES ??= '127.0.0.1,::1';
await import('../apps/server/dist/main.js');
