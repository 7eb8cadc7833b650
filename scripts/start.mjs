// `npm start`: the built server with the embedded database and broker, demo accounts and a
// simulated fleet. No proxy is trusted (TRUSTED_PROXIES unset): the in-process demo units get
// their public addresses through a voucher only this process can make (fleet/broker/demo-address.ts),
// so X-Forwarded-For from this machine cannot fake a sign-in's address. The environment overrides all of it.
process.env.DEMO ??= 'true';
process.env.PORT ??= '8080';
// The simulated units come from the simulator's driver; the server itself carries no simulator.
process.env.DEMO_FLEET_DRIVER ??= new URL('../apps/simulator/dist/demo-driver.js', import.meta.url).href;
await import('../apps/server/dist/main.js');
