import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceJsonSchemas } from '@ed/contract/device-json-schemas';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

/** The published device protocol: what a firmware team fetches from a deployment, without an account. */
describe('the device protocol documents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MQTT_TOPIC_ROOT: 'acme/prod', PUBLIC_URL: 'https://dashboard.acme.example' });
  });
  afterAll(() => t.close());

  it('serves the AsyncAPI document to anyone, with the deployment’s topic root and address', async () => {
    const res = await t.app.inject({ url: '/device/v1/asyncapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json();
    expect(doc.asyncapi).toBe('3.0.0');
    expect(doc.components.parameters.topicRoot).toMatchObject({ default: 'acme/prod', enum: ['acme/prod'] });
    expect(doc.channels.status.address).toBe('{topicRoot}/{serialNumber}/status');
    expect(doc.servers.websocket.variables.host.default).toBe('dashboard.acme.example');
    expect(doc.info.externalDocs.url).toBe('https://dashboard.acme.example/device/v1/guide.md');
    expect(doc.components.messages.refusal.examples[0].payload.topic).toBe('acme/prod/V33CQ0123/state');
  });

  it('serves each payload’s JSON Schema, and names the known ones for an unknown name', async () => {
    const state = await t.app.inject({ url: '/device/v1/schemas/state.json' });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual(deviceJsonSchemas().state);
    expect((await t.app.inject({ url: '/device/v1/schemas/command-stage.json' })).json().title).toBe('StageCommand');

    for (const url of [
      '/device/v1/schemas/states.json',
      '/device/v1/schemas/state',
      '/device/v1/schemas/constructor.json',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toContain('status.json, state.json');
    }
  });

  it('serves the guide the document links to', async () => {
    const res = await t.app.inject({ url: '/device/v1/guide.md' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/markdown/);
    expect(res.body).toMatch(/^# Device protocol/);
  });

  it('keeps the documents out of the API description: they are not calls', async () => {
    const admin = bearer((await t.signIn('admin')).access_token);
    const paths = Object.keys((await t.app.inject({ url: '/openapi.json', headers: admin })).json().paths);
    expect(paths).toContain('/device/v1/register');
    const documents = paths.filter((p) => /^\/device\/v1\/(asyncapi|schemas|guide)/.test(p));
    expect(documents).toEqual([]);
  });
});
