import type { TokenResponse } from '@ed/contract/auth';
import type { Equipment } from '@ed/contract/equipment';
import type { Role } from '@ed/contract/roles';

export function tokenFor(role: Role = 'admin', username = 'alice'): TokenResponse {
  return {
    access_token: `token-of-${username}`,
    token_type: 'Bearer',
    expires_in: 3600,
    user: { username, email: `${username}@example.com`, role },
  };
}

/** A fetch answer as the server gives it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorResponse(status: number, message: string, field?: string): Response {
  const error = status === 400 ? 'Bad Request' : status === 401 ? 'Unauthorized' : 'Error';
  return jsonResponse(status, { statusCode: status, error, message, ...(field ? { field } : {}) });
}

/** A connected aligner on 5.1.0 that every gate of part 1 §6 lets through; override what a test varies. */
export function equipmentFixture(overrides: Partial<Equipment> = {}): Equipment {
  return {
    serialNumber: 'V33CP1234',
    version: { semantic: '5.1.0', meta: null },
    family: 'aligner',
    systemClass: 'DRAGON',
    boardClass: 'BC-7',
    logLevel: 'WARN',
    boardFeatures: { numCameras: 2, numAccel: 4, isDDAligner: true },
    specs: { name: 'SPEC-2024.2', month: 6, year: 2024 },
    specsExpiration: { month: 7, year: 2026 },
    pendingSoftwareDownload: null,
    updateState: {
      state: 'TRY_INSERT_UPDATE',
      downloading: { software: false, specs: false },
      downloadProgress: { software: null, specs: null },
      installing: { software: false, specs: false },
      installProgress: { software: null, specs: null },
      softwareUpdateDownload: null,
    },
    connected: true,
    connectCount: 12,
    port: 51234,
    address: '::ffff:203.0.113.9,::ffff:127.0.0.1',
    currentProcedure: 'Alignment',
    alignmentCount: 900,
    geolocation: {
      continent_name: 'Europe',
      country_name: 'Germany',
      country_code: 'DE',
      region: 'Bavaria',
      city: 'Munich',
      time_zone: { name: 'Europe/Berlin', offset: 60 },
    },
    openSupportTickets: 2,
    favorite: false,
    createdAt: '2024-01-02T03:04:05.000Z',
    updatedAt: '2025-02-03T04:05:06.000Z',
    ...overrides,
  };
}
