/**
 * The external broker's own list of who may connect. On the embedded broker the server checks
 * each unit's credential itself; an external broker must be told, as units register, rotate
 * their credential or are revoked (docs/scale-out.md, "Broker security").
 */
export interface BrokerAccounts {
  /** True when the broker keeps accounts the server must update (false: nothing to tell it). */
  readonly managed: boolean;
  /** From now on the broker lets `serialNumber` connect with `token`, to its own topics only. */
  grant(serialNumber: string, token: string): Promise<void>;
  /** From now on the broker refuses `serialNumber`, and drops its connection if it has one. */
  revoke(serialNumber: string): Promise<void>;
}

/** The embedded broker, or an external broker whose accounts someone else manages. */
export const unmanagedBrokerAccounts: BrokerAccounts = {
  managed: false,
  grant: async () => undefined,
  revoke: async () => undefined,
};
