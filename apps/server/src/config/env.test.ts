import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('loadConfig', () => {
  it('fills the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PASSWORD_MAX_AGE_DAYS).toBe(90);
    expect(config.paths.outbox).toMatch(/data\/outbox$/);
    expect(config.FILE_STORE).toBe('disk');
  });

  it('keeps files in the database when instances share a PostgreSQL, unless told otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/console' }).FILE_STORE).toBe('database');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/console', FILE_STORE: 'disk' }).FILE_STORE).toBe('disk');
    expect(loadConfig({ FILE_STORE: 'database' }).FILE_STORE).toBe('database');
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/FILE_STORE: must be disk or database \(got "s3"\)/);
  });

  it('names every bad value, and hides passwords', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'short' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT: must be a number \(got "eighty"\)/);
    expect(attempt).toThrow(/DATABASE_URL: must be a postgres/);
    expect(attempt).toThrow(/ADMIN_PASSWORD: The password must be 12 characters or longer\. \(got \(hidden\)\)/);
  });

  it('holds the first passwords to the quick rules of the password policy, counting characters', () => {
    expect(() => loadConfig({ DEMO_PASSWORD: ' '.repeat(12) })).toThrow(
      /DEMO_PASSWORD: The password cannot be only spaces/,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: '🔑🚗🔧🛞📐🧭' })).toThrow(
      /ADMIN_PASSWORD: The password must be 12 characters/,
    );
    expect(loadConfig({ ADMIN_PASSWORD: 'kettle-orbit-mosaic' }).ADMIN_PASSWORD).toBe('kettle-orbit-mosaic');
  });

  it('keeps the API description for signed-in callers unless PUBLIC_API_DOCS is set', () => {
    expect(loadConfig({}).PUBLIC_API_DOCS).toBe(false);
    expect(loadConfig({ PUBLIC_API_DOCS: 'true' }).PUBLIC_API_DOCS).toBe(true);
  });

  it('keeps the units’ broker accounts only on an external broker, under a gateway name no unit can have', () => {
    expect(loadConfig({}).MQTT_BROKER_ACCOUNTS).toBe('none');
    expect(() => loadConfig({ MQTT_BROKER_ACCOUNTS: 'emqx' })).toThrow(
      /MQTT_BROKER_ACCOUNTS: must be none or mosquitto-dynsec/,
    );
    expect(() => loadConfig({ MQTT_BROKER_ACCOUNTS: 'mosquitto-dynsec' })).toThrow(
      /MQTT_BROKER_ACCOUNTS: needs MQTT_URL .*\(got "mosquitto-dynsec"\)/,
    );
    const external = { MQTT_URL: 'mqtt://broker:1883', MQTT_BROKER_ACCOUNTS: 'mosquitto-dynsec' };
    expect(() => loadConfig(external)).toThrow(/MQTT_BROKER_ACCOUNTS: needs MQTT_USERNAME/);
    expect(() => loadConfig({ ...external, MQTT_USERNAME: 'GATEWAY01' })).toThrow(/cannot be a serial number/);
    expect(loadConfig({ ...external, MQTT_USERNAME: 'ed-gateway' }).MQTT_BROKER_ACCOUNTS).toBe('mosquitto-dynsec');
  });

  it('refuses an open external broker unless MQTT_ALLOW_OPEN_BROKER says it is on purpose', () => {
    expect(loadConfig({}).MQTT_ALLOW_OPEN_BROKER).toBe(false);
    expect(loadConfig({ MQTT_ALLOW_OPEN_BROKER: 'true' }).MQTT_ALLOW_OPEN_BROKER).toBe(true);
    expect(() => loadConfig({ MQTT_ALLOW_OPEN_BROKER: 'sure' })).toThrow(
      /MQTT_ALLOW_OPEN_BROKER: must be true or false \(got "sure"\)/,
    );
  });

  it('reads booleans and trims the public URL', () => {
    const config = loadConfig({ DEMO: 'true', PUBLIC_URL: 'https://console.example.com/' });
    expect(config.DEMO).toBe(true);
    expect(config.PUBLIC_URL).toBe('https://console.example.com');
  });

  it('asks administrators for a second factor unless told otherwise, and nobody in demo mode', () => {
    expect(loadConfig({}).MFA_REQUIRED_ROLES).toEqual(['admin']);
    expect(loadConfig({ DEMO: 'true' }).MFA_REQUIRED_ROLES).toEqual([]);
    expect(loadConfig({ MFA_REQUIRED_ROLES: 'admin, support' }).MFA_REQUIRED_ROLES).toEqual(['admin', 'support']);
    expect(loadConfig({ MFA_REQUIRED_ROLES: 'none' }).MFA_REQUIRED_ROLES).toEqual([]);
    expect(loadConfig({ MFA_REQUIRED_ROLES: '' }).MFA_REQUIRED_ROLES).toEqual([]);
    expect(() => loadConfig({ MFA_REQUIRED_ROLES: 'admin,boss' })).toThrow(/MFA_REQUIRED_ROLES: must be roles among/);
  });
});
