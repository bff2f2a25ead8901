import { createHash } from 'node:crypto';
import { PRIVILEGE_SECTIONS, type PrivilegeSection } from '../../contract/endpoints/define';
import { SETTING_CHILD_SECTIONS } from '../../contract/schemas/constants-admin';
import type { Db } from '../db/client';
import { loginHistory, members, passwordPolicy, roles, type Privilege } from '../db/schema/index';
import { hashPassword } from '../lib/password';
import { COMPANIES } from './stores';
import { Rng, daysAgo, makeFaker, minutesAgo } from './random';
import { insertRows } from './insert';

export const STRONG_PASSWORD = 'Shelfpad#2026';
export const WEAK_PASSWORD = 'password';

type RoleKey = 'super' | 'company' | 'operator' | 'viewer';

interface MemberDef {
  email: string;
  password: string;
  role: RoleKey;
  label: string;
  companies: string[];
  stores?: string[];
  enableWholeStore?: boolean;
  /** Applied after the defaults: the auth-outcome accounts differ only here. */
  extra?: (now: Date) => Partial<typeof members.$inferInsert>;
}

const ALL_COMPANIES = COMPANIES.map((c) => c.companyCode);
const OPERATOR_STORES = ['TKY001', 'TKY002'];

const MEMBERS: MemberDef[] = [
  {
    email: 'admin@shelfpad.test',
    password: STRONG_PASSWORD,
    role: 'super',
    label: 'super admin (role -1), all companies',
    companies: ALL_COMPANIES,
  },
  {
    email: 'acme-admin@shelfpad.test',
    password: STRONG_PASSWORD,
    role: 'company',
    label: 'company admin (role 0), ACME',
    companies: ['ACME'],
  },
  {
    email: 'nord-admin@shelfpad.test',
    password: STRONG_PASSWORD,
    role: 'company',
    label: 'company admin (role 0), NORD',
    companies: ['NORD'],
  },
  {
    email: 'coop-admin@shelfpad.test',
    password: STRONG_PASSWORD,
    role: 'company',
    label: 'company admin (role 0), COOP',
    companies: ['COOP'],
  },
  {
    email: 'operator@shelfpad.test',
    password: STRONG_PASSWORD,
    role: 'operator',
    label: 'store operator, ACME TKY001 + TKY002',
    companies: ['ACME'],
    stores: OPERATOR_STORES,
  },
  {
    email: 'viewer@shelfpad.test',
    password: STRONG_PASSWORD,
    role: 'viewer',
    label: 'read-only viewer, all ACME stores',
    companies: ['ACME'],
    enableWholeStore: true,
  },
  {
    email: 'weak@shelfpad.test',
    password: WEAK_PASSWORD,
    role: 'operator',
    label: 'auth outcome: weak password prompt',
    companies: ['ACME'],
    stores: OPERATOR_STORES,
    extra: () => ({ weakPwd: true }),
  },
  {
    // A second weak account, for the browser test that accepts the prompt and changes the password (signup now
    // refuses weak passwords, so such an account exists only from before the policy, like this one).
    email: 'weak-change@shelfpad.test',
    password: WEAK_PASSWORD,
    role: 'operator',
    label: 'auth outcome: weak password, changed by the e2e suite',
    companies: ['ACME'],
    stores: OPERATOR_STORES,
    extra: () => ({ weakPwd: true }),
  },
  {
    email: 'expiring@shelfpad.test',
    password: STRONG_PASSWORD,
    role: 'operator',
    label: 'auth outcome: password expires soon',
    // 85 days into a 90-day policy: inside the 14-day warning window.
    companies: ['ACME'],
    stores: OPERATOR_STORES,
    extra: (now) => ({ lastPwdChanged: daysAgo(now, 85) }),
  },
  {
    email: 'newhire@shelfpad.test',
    password: STRONG_PASSWORD,
    role: 'operator',
    label: 'auth outcome: forced password change',
    companies: ['ACME'],
    stores: OPERATOR_STORES,
    extra: () => ({ forceChange: true }),
  },
  {
    email: 'locked@shelfpad.test',
    password: STRONG_PASSWORD,
    role: 'operator',
    label: 'auth outcome: locked account',
    companies: ['ACME'],
    stores: OPERATOR_STORES,
    extra: (now) => ({ locked: true, lockedUntil: new Date(now.getTime() + 86_400_000), failedLogins: 5 }),
  },
];

export const DEMO_LOGINS: { email: string; password: string; role: string }[] = MEMBERS.map((m) => ({
  email: m.email,
  password: m.password,
  role: m.label,
}));

function privileges(read: (k: PrivilegeSection) => boolean, write: (k: PrivilegeSection) => boolean): Privilege[] {
  const children: readonly string[] = SETTING_CHILD_SECTIONS;
  return PRIVILEGE_SECTIONS.map((key) => ({
    key,
    depth: children.includes(key) ? 1 : 0,
    read: read(key) || write(key),
    write: write(key),
  }));
}

const OPERATOR_READ: PrivilegeSection[] = ['dashboard', 'store', 'tag', 'sensor', 'product', 'plus'];
const OPERATOR_WRITE: PrivilegeSection[] = ['tag', 'product', 'plus'];

/*
 * scrypt at OWASP cost takes ~0.3 s per hash. Test files seed a fresh database each, so hashes are memoised per
 * process, and salts derive from the seed so that the memo hits.
 */
const hashMemo = new Map<string, Promise<string>>();

function memberSalt(seed: number, email: string): Buffer {
  return createHash('sha256').update(`${seed}:${email}`).digest().subarray(0, 16);
}

function hashFor(seed: number, email: string, password: string): Promise<string> {
  const salt = memberSalt(seed, email);
  const key = `${password}\u0000${salt.toString('hex')}`;
  let hash = hashMemo.get(key);
  if (!hash) {
    hash = hashPassword(password, salt);
    hashMemo.set(key, hash);
    hash.catch(() => hashMemo.delete(key));
  }
  return hash;
}

/** Done before the seeding transaction: it is the slow part and needs no database. */
export async function memberHashes(seed: number): Promise<Map<string, string>> {
  const hashes = await Promise.all(MEMBERS.map((m) => hashFor(seed, m.email, m.password)));
  return new Map(MEMBERS.map((m, i) => [m.email, hashes[i]]));
}

const ALL = () => true;
/** Role rows -1 and 0 carry every privilege; the server grants them everything regardless (NOTES.md 11). */
const BUILT_IN_ROLES = [
  { roleId: -1, name: 'Super administrator', companyCode: null, privilege: privileges(ALL, ALL) },
  { roleId: 0, name: 'Company administrator', companyCode: null, privilege: privileges(ALL, ALL) },
];

/**
 * A system without demo data: only the built-in roles and one super administrator without companies, whose
 * first login asks for the default company.
 */
export async function seedSuperAdmin(db: Db, opts: { email: string; password: string; name?: string }): Promise<void> {
  const passwordHash = await hashPassword(opts.password);
  await db.transaction(async (tx) => {
    await tx.insert(roles).values(BUILT_IN_ROLES).onConflictDoNothing();
    await tx.insert(passwordPolicy).values({ id: 1 }).onConflictDoNothing();
    await tx.insert(members).values({ email: opts.email, name: opts.name ?? 'Administrator', passwordHash, roleId: -1, companies: [] });
  });
}

export async function seedPeople(db: Db, seed: number, now: Date, hashes: Map<string, string>, storeCodes: string[]): Promise<void> {
  // -1 and 0 are rows too so that members.roleId can reference them; the other ids come from the identity.
  await db.insert(roles).values(BUILT_IN_ROLES);
  const [operator] = await db
    .insert(roles)
    .values({
      name: 'Store operator',
      companyCode: 'ACME',
      privilege: privileges(
        (k) => OPERATOR_READ.includes(k),
        (k) => OPERATOR_WRITE.includes(k),
      ),
    })
    .returning({ roleId: roles.roleId });
  const [viewer] = await db
    .insert(roles)
    .values({ name: 'Read-only viewer', companyCode: 'ACME', privilege: privileges(ALL, () => false) })
    .returning({ roleId: roles.roleId });
  const roleIds: Record<RoleKey, number> = { super: -1, company: 0, operator: operator.roleId, viewer: viewer.roleId };

  await db.insert(passwordPolicy).values({ id: 1 }).onConflictDoNothing();

  const faker = makeFaker(seed, 'en');
  const rng = Rng.of(seed, 'people');
  await insertRows(
    db,
    members,
    MEMBERS.map((m) => ({
      email: m.email,
      name: faker.person.fullName(),
      mobile: `+81-90-${rng.int(1000, 9999)}-${rng.int(1000, 9999)}`,
      passwordHash: hashes.get(m.email)!,
      roleId: roleIds[m.role],
      companies: m.companies,
      stores: (m.stores ?? []).filter((s) => storeCodes.includes(s)),
      enableWholeStore: m.enableWholeStore ?? false,
      lastPwdChanged: daysAgo(now, rng.int(1, 30)),
      createdAt: daysAgo(now, 120),
      updatedAt: now,
      ...m.extra?.(now),
    })),
  );

  // Some login history, so that the login-history modal has rows of every kind.
  const history: (typeof loginHistory.$inferInsert)[] = [];
  for (const m of MEMBERS.slice(0, 6)) {
    for (let d = 6; d >= 1; d--) {
      const at = minutesAgo(now, d * 1440 + rng.int(0, 600));
      const ip = `203.0.113.${rng.int(2, 250)}`;
      history.push({ email: m.email, ip, type: 0, success: true, updatedAt: at });
      history.push({ email: m.email, ip, type: 1, success: true, updatedAt: minutesAgo(at, -rng.int(20, 300)) });
    }
  }
  const lockedAt = minutesAgo(now, 30);
  for (let i = 5; i >= 1; i--) {
    history.push({
      email: 'locked@shelfpad.test',
      ip: '198.51.100.7',
      type: 0,
      success: false,
      locked: i === 1,
      updatedAt: minutesAgo(lockedAt, i),
    });
  }
  history.push({ email: 'nobody@shelfpad.test', ip: '198.51.100.9', type: 0, success: false, updatedAt: minutesAgo(now, 90) });
  await insertRows(db, loginHistory, history);
}
