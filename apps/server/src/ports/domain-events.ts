import type { Alarm } from '@ed/contract/alarms';
import type { VoltageBoard } from '@ed/contract/device-protocol';
import type { Family } from '@ed/contract/families';
import type { RolloutPayload, RolloutState } from '@ed/contract/rollouts';
import type { TicketSummary } from '@ed/contract/tickets';
import type { SoftwareUpdate } from '@ed/contract/software';
import type { Db, Tx } from '../db/client.js';
import type { EventBus } from '../shared/event-bus.js';
import type { Revocation } from './session.js';

/**
 * Every domain event of the server, in one place: what happened, and what its handlers get.
 * docs/architecture.md ("Domain events") lists who handles each; a test keeps that list true.
 */
export interface DomainEvents {
  /** Sessions were revoked on this instance: sign-out, a password changed or reset, an account changed. */
  sessionsRevoked: { sessionIds: string[] };
  /** The session cache applied a revocation, made here or heard from another instance. */
  revocationApplied: { revocation: Revocation };
  /**
   * A unit's serial number is reset. Emitted inside the rename's transaction: each area renames
   * its own records with `tx`, in turn, and a failure rolls the whole rename back.
   */
  unitRenamed: { tx: Tx; from: string; to: string };
  /** A unit's record changed (presence, state, versions), after it was stored. */
  unitChanged: { serialNumber: string };
  /** A software update was published; `username` did it (their own console skips the echo). */
  updatePublished: { update: SoftwareUpdate; username: string };
  /**
   * Updates were staged or cleared: the family's staged totals changed, and so did the cards of
   * `serialNumbers` (none when the units themselves reported it).
   */
  stagingChanged: { family: Family; serialNumbers: string[] };
  /** A unit answered Get Voltages and the report was stored (the alarms' voltage rule reads it). */
  voltagesReported: { serialNumber: string; voltages: VoltageBoard[] };
  /** A support ticket of the unit was opened, changed or closed. */
  ticketChanged: { serialNumber: string };
  /** A unit reported its Tru-Point pairings (its `pairing` topic); handled in the unit's queue. */
  pairingReported: { serialNumber: string; payload: unknown };
  /** A unit uploaded a camera calibration (its `calibration` topic); handled in the unit's queue. */
  calibrationUploaded: { serialNumber: string; payload: unknown };
  /**
   * A rule raised alarms (one evaluation), after they were stored: at most ALARMS_TOLD of them,
   * `total` counting all. Raising is idempotent, so one instance alone tells each alarm.
   */
  alarmsRaised: { alarms: Alarm[]; total: number };
  /** Active alarms were cleared, by their condition, a person or a change of their rule; as alarmsRaised. */
  alarmsCleared: { alarms: Alarm[]; total: number };
  /**
   * A rollout paused (a person, a threshold, a gate or a planned pause) or completed. Emitted
   * inside the transition's transaction: what handlers write with `tx` commits with it.
   * `historyId` is the transition's row in the rollout's history.
   */
  rolloutPaused: RolloutTransition;
  rolloutCompleted: RolloutTransition;
  /** A ticket was escalated (or opened escalated); inside the change's transaction, as rolloutPaused. */
  ticketEscalated: { tx: Db; ticket: TicketSummary; by: string };
  /** A unit's claim to a serial number started to wait for an admin; inside the claim's transaction. */
  unitClaimWaiting: { tx: Db; claim: WaitingClaim };
}

/** A rollout as the events about it tell it. */
export interface RolloutTransition {
  /** The transaction the transition is made in. */
  tx: Db;
  historyId: number;
  rollout: { id: number; name: string; family: Family; payload: RolloutPayload; version: string; state: RolloutState };
  by: string;
  reason: string | null;
}

export interface WaitingClaim {
  id: number;
  serialNumber: string;
  address: string | null;
  countryCode: string | null;
  requestedAt: string;
}

/** Alarms an alarm event lists at most; `total` counts them all. */
export const ALARMS_TOLD = 100;

export type DomainEventBus = EventBus<DomainEvents>;
