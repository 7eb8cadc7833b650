/* global window */
// npm run bench:web [-- --runs 5]: what a browser downloads for /login and for / after signing in,
// and when /login first paints under Lighthouse's mobile throttling (150 ms RTT, 1.6 Mbit/s down,
// 750 kbit/s up, CPU 4× slower), set through Chromium's DevTools protocol. Median of the runs.
import { parseArgs } from 'node:util';
import chromium from '@sparticuz/chromium';
import { chromium as playwright } from '@playwright/test';
import { machine, percentile, startServer, writeSection } from './support.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, 'no-write': { type: 'boolean', default: false } },
});
const RUNS = Number(values.runs);
// The figures the performance issue measured before this work, for the side-by-side column.
const ANCHOR = { loginKb: 519, loginPaint: 9.85 };

const server = await startServer({ DEMO: 'false' });
process.once('exit', () => server.kill());
const browser = await playwright.launch({
  executablePath: process.env.CHROMIUM_PATH || (await chromium.executablePath()),
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
});

/** Bytes on the wire (compressed, as sent) of every script and style a page loads, and its paints. */
async function visit({ path, throttle, signIn }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  const bytes = { script: 0, stylesheet: 0 };
  const types = new Map();
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type.toLowerCase()));
  let lastAsset = Date.now();
  cdp.on('Network.loadingFinished', (e) => {
    const type = types.get(e.requestId);
    if (type in bytes) {
      bytes[type] += e.encodedDataLength;
      lastAsset = Date.now();
    }
  });
  await page.addInitScript(() => {
    window.__paints = {};
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__paints.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'first-contentful-paint') window.__paints.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
  });
  if (signIn) {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('bench-admin-password');
    bytes.script = 0;
    bytes.stylesheet = 0;
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The live socket keeps the network busy: done is when no script or style arrived for 2 s.
    while (Date.now() - lastAsset < 2_000) await new Promise((resolve) => setTimeout(resolve, 250));
  } else {
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'LOGIN' }).waitFor();
  }
  // LCP is final once the user interacts; a click on nothing ends it without navigating.
  await page.mouse.click(1, 1);
  const paints = await page.evaluate(() => window.__paints);
  await context.close();
  return { ...bytes, ...paints };
}

const runs = [];
for (let i = 0; i < RUNS; i += 1) runs.push(await visit({ path: '/login', throttle: true }));
const signedIn = await visit({ signIn: true });
await browser.close();
await server.stop();

const median = (key) =>
  percentile(
    runs.map((r) => r[key]).sort((a, b) => a - b),
    50,
  );
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const rows = [
  ['JavaScript of /login, as sent (brotli)', kb(median('script')), `${ANCHOR.loginKb} KB gzipped (1,713 KB sent)`],
  ['CSS of /login, as sent', kb(median('stylesheet')), '–'],
  ['JavaScript and CSS fetched by signing in and opening /', kb(signedIn.script + signedIn.stylesheet), '–'],
  ['First contentful paint of /login, mobile throttling', s(median('fcp')), '–'],
  ['Largest contentful paint of /login, mobile throttling', s(median('lcp')), `${ANCHOR.loginPaint} s`],
];
const table = [
  '| Measure | Now (median) | Before |',
  '| --- | --- | --- |',
  ...rows.map((r) => `| ${r.join(' | ')} |`),
].join('\n');
console.log(table);
if (!values['no-write']) {
  writeSection(
    'Web',
    `${table}\n\n${RUNS} cold visits of /login in headless Chromium (a new context each: empty cache) with Lighthouse's mobile throttling set through the DevTools protocol (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower), against the built server on loopback; then one sign-in without throttling. ${machine()}, ${new Date().toISOString().slice(0, 10)}. "Before" is what the performance issue measured. The budget that CI enforces on every build is \`npm run check:bundle\` (gzipped sizes from the build's manifest).`,
  );
}
