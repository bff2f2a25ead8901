import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, singletonCheck, singletonId, tstz } from './common';

export interface Privilege {
  key: string;
  depth: number;
  read: boolean;
  write: boolean;
  [flag: string]: unknown;
}

export const companies = pgTable('companies', {
  companyCode: text().primaryKey(),
  companyName: text().notNull(),
  address: text(),
  historyRetentionDays: integer().notNull().default(30),
  updateHistoryRetentionDays: integer().notNull().default(7),
  tagDisplayRefreshDays: integer().notNull().default(1),
  gatewayStatusCheckInterval: integer().notNull().default(600),
  /** Percent, at least 100. */
  gatewayStatusCheckMargin: integer().notNull().default(120),
  panId: text().notNull().default('BFFF'),
  timeServerIp: text(),
  timeServerPort: integer().notNull().default(123),
  mainFromMac: integer().notNull().default(2),
  mainFromPage: integer().notNull().default(3),
  /** The company made on first login ("default company creation") skips the numeric checks on create. */
  isDefault: boolean().notNull().default(false),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});

/** role_id -1 (super admin) and 0 (company admin) are rows too, so members.roleId can reference them. */
export const roles = pgTable(
  'roles',
  {
    roleId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 1 }),
    name: text().notNull(),
    companyCode: text().references(() => companies.companyCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    privilege: jsonb().$type<Privilege[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index('roles_company_idx').on(t.companyCode)],
);

export const members = pgTable(
  'members',
  {
    email: text().primaryKey(),
    name: text().notNull(),
    mobile: text(),
    /** scrypt$N$r$p$salt$hash */
    passwordHash: text().notNull(),
    roleId: integer()
      .notNull()
      .references(() => roles.roleId, { onDelete: 'restrict' }),
    /** Queried by element (company scope), hence an array rather than jsonb. */
    companies: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    stores: jsonb().$type<string[]>().notNull().default([]),
    enableWholeStore: boolean().notNull().default(false),
    locked: boolean().notNull().default(false),
    lockedUntil: tstz(),
    failedLogins: integer().notNull().default(0),
    weakPwd: boolean().notNull().default(false),
    lastPwdChanged: tstz().notNull().defaultNow(),
    forceChange: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index('members_role_idx').on(t.roleId), index('members_companies_idx').using('gin', t.companies)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha-256 hex of the token; the token itself is never stored. */
    tokenHash: text().primaryKey(),
    email: text()
      .notNull()
      .references(() => members.email, { onDelete: 'cascade', onUpdate: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: createdAt(),
    expiresAt: tstz().notNull(),
  },
  (t) => [index('sessions_email_idx').on(t.email), index('sessions_expires_idx').on(t.expiresAt)],
);

/** No foreign key: failed logins for unknown e-mails are recorded too, and history outlives the member. */
export const loginHistory = pgTable(
  'login_history',
  {
    id: bigId(),
    email: text().notNull(),
    ip: text(),
    /** 0 login, 1 logout. */
    type: integer().notNull().$type<0 | 1>(),
    success: boolean().notNull(),
    locked: boolean().notNull().default(false),
    updatedAt: createdAt(),
  },
  (t) => [index('login_history_email_time_idx').on(t.email, t.updatedAt), index('login_history_time_idx').on(t.updatedAt)],
);

/**
 * Failed logins counted per key: `pair:<email> <address>` throttles one address guessing one account,
 * `account:<email>` slows guesses on one account from many addresses. Neither locks the account (issue 11).
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStart: createdAt(),
  lastFailedAt: createdAt(),
  blockedUntil: tstz(),
});

/** One row (id 1): the password and lock-out rules of docs/architecture.md §3; the specs only show their effects. */
export const passwordPolicy = pgTable(
  'password_policy',
  {
    id: singletonId(),
    minLength: integer().notNull().default(8),
    /** Below this many character classes the login answer carries weakPwd. */
    minClasses: integer().notNull().default(3),
    maxFailedLogins: integer().notNull().default(5),
    lockMinutes: integer().notNull().default(30),
    /** 0 = passwords never expire. */
    expireDays: integer().notNull().default(90),
    /** expireSoon is set this many days before expiry. */
    expireWarnDays: integer().notNull().default(14),
    sessionIdleMinutes: integer().notNull().default(720),
    updatedAt: createdAt(),
  },
  (t) => [singletonCheck('password_policy', t.id)],
);

/** A company's child row: it cannot outlive the company. */
export const companyRef = () =>
  text()
    .notNull()
    .references(() => companies.companyCode, { onDelete: 'cascade', onUpdate: 'cascade' });
