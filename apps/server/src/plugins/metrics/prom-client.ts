import type * as promClient from 'prom-client';

/** prom-client's module, loaded only when metrics are on (plugins/metrics.ts). */
export type PromClient = typeof promClient;
export type PromRegistry = InstanceType<PromClient['Registry']>;
