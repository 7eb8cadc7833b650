// `npm start`: the built server with the embedded database, demo accounts and (later) the demo fleet.
// Every default here can be overridden from the environment.
process.env.DEMO ??= 'true';
process.env.PORT ??= '8080';
await import('../apps/server/dist/main.js');
