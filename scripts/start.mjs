// `npm start`: the built server with the embedded database and broker, demo accounts and a
// simulated fleet. No proxy is trusted (TRUSTED_PROXIES unset): the in-process demo units get
// their public addresses through a voucher only this process can make (fleet/demo-address.ts),
// so X-Forwarded-For from this machine cannot fake a sign-in's address. The environment overrides all of it.
process.env.DEMO ??= 'true';
process.env.PORT ??= '8080';
await import('../apps/server/dist/main.js');
