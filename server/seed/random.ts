import type * as FakerModule from '@faker-js/faker';
import type { Faker, LocaleDefinition } from '@faker-js/faker';
import { onFirstUse } from '../lib/native-modules';

/*
 * Every choice of the demo data comes from here, never from Math.random or the clock, so that the same seed
 * gives the same data on PGlite and PostgreSQL and tests can name rows.
 */

/** 32-bit FNV-1a: turns (seed, label) into an independent stream, so adding one area does not shift another. */
export function deriveSeed(seed: number, ...labels: (string | number)[]): number {
  let h = 0x811c9dc5 ^ (seed >>> 0);
  for (const ch of labels.join('\u0001')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  static of(seed: number, ...labels: (string | number)[]): Rng {
    return new Rng(deriveSeed(seed, ...labels));
  }
  /** mulberry32: small, fast and good enough for demo data. */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  float(min: number, max: number, digits = 1): number {
    return Number((min + this.next() * (max - min)).toFixed(digits));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }
  /** Pick by weight: entries are [value, weight]. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1][0];
  }
  shuffle<T>(list: T[]): T[] {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [list[i], list[j]] = [list[j], list[i]];
    }
    return list;
  }
  hex(chars: number): string {
    let out = '';
    for (let i = 0; i < chars; i++) out += '0123456789ABCDEF'[Math.floor(this.next() * 16)];
    return out;
  }
}

/**
 * Exactly round(n × share) of each value (largest remainder), shuffled: small data sets still contain every
 * case, which random draws at 1 % would miss.
 */
export function quotas<T>(rng: Rng, n: number, shares: readonly (readonly [T, number])[]): T[] {
  const total = shares.reduce((s, [, w]) => s + w, 0);
  const exact = shares.map(([v, w]) => ({ v, x: (n * w) / total }));
  const counts = exact.map((e) => Math.floor(e.x));
  let left = n - counts.reduce((s, c) => s + c, 0);
  const order = exact.map((e, i) => ({ i, r: e.x - Math.floor(e.x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    counts[i]++;
    left--;
  }
  const out: T[] = [];
  exact.forEach((e, i) => {
    for (let k = 0; k < counts[i]; k++) out.push(e.v);
  });
  return rng.shuffle(out);
}

/*
 * Faker is required when demo data is first made, not at start (issue 34 §4): its index loads every locale it has,
 * ~36 MB resident (20 MB of V8 heap) in Node 24, which a server opening a seeded database never uses. A static import
 * would not wait — the compiled server (one esbuild bundle, packages external) hoists package imports to its top.
 */
const fakerModule = onFirstUse<typeof FakerModule>('@faker-js/faker');

/** A private Faker instance: seeding the shared one would change what other modules (the simulator) draw. */
export function makeFaker(seed: number, locale: 'en' | 'ja' | 'ko' | 'de' | 'fr' | 'it' | 'pt_BR' = 'en'): Faker {
  const { Faker, base, de, en, fr, it, ja, ko, pt_BR } = fakerModule();
  const locales: Record<typeof locale, LocaleDefinition> = { en, ja, ko, de, fr, it, pt_BR };
  const faker = new Faker({ locale: [locales[locale], en, base] });
  faker.seed(deriveSeed(seed, 'faker', locale));
  return faker;
}

export const hex = (value: number, width: number) => value.toString(16).toUpperCase().padStart(width, '0');

/** EAN-13 with its check digit, from the first 12 digits. */
export function ean13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + ((10 - (sum % 10)) % 10);
}

export const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);
export const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);
