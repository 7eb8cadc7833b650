import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activationRequestSchema,
  activationResponseSchema,
  deleteTargetRequestSchema,
  ezMessages,
  ezPageQuerySchema,
  fixtureRequestSchema,
  fixturesQuerySchema,
  fixturesResponseSchema,
  subscriptionRequestSchema,
  targetRequestSchema,
  targetsResponseSchema,
} from '@ed/contract/easy';
import { messageResponseSchema } from '@ed/contract/errors';
import { errorResponses } from '../../shared/route-schema.js';
import { authenticateUnit } from '../../ports/device-auth.js';
import { fixtureView, targetView } from './easy.service.js';

const tags = ['easy'];
const use = { permission: 'easy.use' } as const;
const manageTargets = { permission: 'easy.manageTargets' } as const;

/** EZ ADAS (part 2 §7): the status codes and sentences the console's notices are keyed on (§8). */
export default async function easyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/ez_get_fixtures',
    {
      config: use,
      schema: {
        tags,
        summary: 'One page of 10 fixtures, by serial number; the filter matches part of it',
        querystring: fixturesQuerySchema,
        response: { 200: fixturesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { totalDocs, docs } = await app.easy.repository.listFixtures(req.query.page, req.query.filterSerialNumber);
      return { totalDocs, docs: docs.map(fixtureView) };
    },
  );

  app.post(
    '/api/v1/create_ez_fixture',
    {
      config: use,
      schema: {
        tags,
        summary: 'Create a fixture: 201 created, 200 when it already exists',
        body: fixtureRequestSchema,
        response: { 200: messageResponseSchema, 201: messageResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const { serialNumber } = req.body;
      if (await app.easy.service.createFixture(serialNumber)) {
        return reply.code(201).send({ message: ezMessages.fixtureCreated(serialNumber) });
      }
      return { message: ezMessages.fixtureExists(serialNumber) };
    },
  );

  app.post(
    '/api/v1/reset_ez_fixture',
    {
      config: use,
      schema: {
        tags,
        summary: 'Set a fixture’s activation count to 0: 200 reset, 204 when it had none',
        body: fixtureRequestSchema,
        response: { 200: messageResponseSchema, 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const { serialNumber } = req.body;
      if ((await app.easy.service.resetFixture(serialNumber)) === 'none') return reply.code(204).send(null);
      return { message: ezMessages.fixtureReset(serialNumber) };
    },
  );

  app.post(
    '/api/v1/ez_create_subscription',
    {
      config: use,
      schema: {
        tags,
        summary: 'Set a fixture’s package and expiry (none for Included; default one year ahead)',
        body: subscriptionRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await app.easy.service.subscribe(req.body);
      return { message: ezMessages.subscriptionUpdated(req.body.serialNumber) };
    },
  );

  app.post(
    '/api/v1/delete_ez_fixture',
    {
      config: use,
      schema: {
        tags,
        summary: 'Delete a fixture and its activations',
        body: fixtureRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await app.easy.service.deleteFixture(req.body.serialNumber);
      return { message: ezMessages.fixtureDeleted(req.body.serialNumber) };
    },
  );

  app.get(
    '/api/v1/ez_get_targets',
    {
      config: use,
      schema: {
        tags,
        summary: 'One page of 10 targets, by name',
        querystring: ezPageQuerySchema,
        response: { 200: targetsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { totalDocs, docs } = await app.easy.repository.listTargets(req.query.page);
      return { totalDocs, docs: docs.map(targetView) };
    },
  );

  app.post(
    '/api/v1/create_ez_target',
    {
      config: manageTargets,
      schema: {
        tags,
        summary: 'Create a target (admin and engineer)',
        body: targetRequestSchema,
        response: { 201: messageResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => {
      await app.easy.service.createTarget(req.body);
      return reply.code(201).send({ message: ezMessages.targetCreated(req.body.targetName) });
    },
  );

  app.post(
    '/api/v1/update_ez_target',
    {
      config: manageTargets,
      schema: {
        tags,
        summary: 'Change a target’s package or id, by name (admin and engineer)',
        body: targetRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      await app.easy.service.updateTarget(req.body);
      return { message: ezMessages.targetUpdated(req.body.targetName) };
    },
  );

  app.post(
    '/api/v1/delete_ez_target',
    {
      config: manageTargets,
      schema: {
        tags,
        summary: 'Delete a target (admin and engineer)',
        body: deleteTargetRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await app.easy.service.deleteTarget(req.body.targetName);
      return { message: ezMessages.targetDeleted(req.body.targetName) };
    },
  );

  app.post(
    '/device/v1/ez_activation',
    {
      config: { public: true },
      schema: {
        tags: ['devices'],
        summary: 'A unit activates a target with a fixture (Basic: serial number and device token)',
        description: 'Refused (403) when the fixture’s package or its expiry does not cover the target.',
        security: [{ deviceCredential: [] }],
        body: activationRequestSchema,
        response: { 200: activationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const unit = await authenticateUnit(req, app.fleet.credentials);
      return app.easy.service.activate(unit, req.body.fixtureSerialNumber, req.body.targetId);
    },
  );
}
