import { customType, timestamp } from 'drizzle-orm/pg-core';

/** A timestamp with time zone, read as a Date. */
export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
