/**
 * Seeded randomness for the simulator. Math.random is never used: the same seed on the same data gives the
 * same run, which is what makes the simulator testable.
 */

/** 32-bit FNV-1a over the parts, for stable per-entity draws that do not depend on processing order. */
export function hash32(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const s = `${part}\u0000`;
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  return mix32(h >>> 0);
}

/** Final avalanche (murmur3 fmix32): FNV alone leaves nearby inputs with nearby low bits. */
function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A uniform number in [0, 1) fixed by the parts. */
export function unitHash(...parts: (string | number)[]): number {
  return hash32(...parts) / 0x1_0000_0000;
}

/** mulberry32: tiny, fast and good enough for a simulation. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Uniform real in [min, max). */
  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /**
   * Whether an event with the given mean interval happens within dt (Poisson process), so that rates do not
   * depend on the tick length or on ticks skipped under load.
   */
  happens(dtMs: number, meanEveryMs: number): boolean {
    if (!(meanEveryMs > 0) || !(dtMs > 0)) return false;
    return this.chance(1 - Math.exp(-dtMs / meanEveryMs));
  }

  pick<T>(items: readonly T[]): T | undefined {
    return items.length ? items[Math.floor(this.next() * items.length)] : undefined;
  }

  /** A hex key of the given width uniformly between lo and hi (inclusive), for index-only random picks. */
  hexBetween(lo: string, hi: string): string {
    const a = BigInt(`0x${lo}`);
    const b = BigInt(`0x${hi}`);
    if (b <= a) return lo;
    // 53 bits of randomness are plenty for picking a row; scale the span in two halves to stay exact enough.
    const r = BigInt(Math.floor(this.next() * 2 ** 26)) * 2n ** 27n + BigInt(Math.floor(this.next() * 2 ** 27));
    const v = a + ((b - a + 1n) * r) / 2n ** 53n;
    return v.toString(16).toUpperCase().padStart(lo.length, '0');
  }
}

/** An independent stream per module, so that one module's draws never shift another's. */
export function streamSeed(seed: number, name: string): number {
  return hash32(seed, name);
}
