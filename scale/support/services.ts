import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';

/** The machine's services this tier runs on; overridable for another machine. */
const POSTGRES_URL = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const MQTT_URL = process.env.SCALE_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** Why the tier cannot run here, or null when PostgreSQL and the broker both answer. */
export async function missingServices(): Promise<string | null> {
  const db = new URL(POSTGRES_URL);
  const broker = new URL(MQTT_URL);
  const missing = [];
  if (!(await answers(db.hostname, Number(db.port || 5432)))) missing.push(`PostgreSQL at ${db.host}`);
  if (!(await answers(broker.hostname, Number(broker.port || 1883)))) missing.push(`the MQTT broker at ${broker.host}`);
  return missing.length > 0 ? `${missing.join(' and ')} did not answer` : null;
}

/** A fresh, empty database with a unique name, and the function that drops it. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ed_scale_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** One query on a database, for the checks a user cannot make through the API (counts over all units). */
export async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
