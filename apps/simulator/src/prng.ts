/**
 * A small seeded PRNG (mulberry32): the same seed always gives the same fleet and the same
 * behaviour, which is what makes demo data and tests repeatable. Not for anything secret.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [item, weight] of items) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return this.pick(items)[0];
  }

  /** An exponentially distributed wait with the given mean: how memoryless events (drops) are spaced. */
  exponential(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }

  /** A generator whose stream depends only on `seed` and `salt`: one independent stream per unit. */
  static derive(seed: number, salt: number): Prng {
    let h = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35);
    h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
    return new Prng(h ^ (h >>> 13));
  }
}
