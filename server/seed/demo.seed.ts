import { sql } from '../kernel/db/sql';
import { hashSecret } from '../kernel/password';
import type { Database, Queryable } from '../kernel/db/database';
import { sendPlatformPushes } from '../games/platform-pushes';
import { simulatorPlatform } from '../simulator/simulator-platform';
import { issuePoints, transferPoints } from '../points/ledger';
import { insertSiteRows } from '../sites/site-admin.service';
import { wireId } from '../kernel/db/ids';

export interface DemoLogin {
  site: string;
  url: string;
  loginId: string;
  password: string;
  safeCode: string;
  level: number;
}

const DEMO_PASSWORD = 'Admin123';
const DEMO_SAFE_CODE = '1234';
const DAY_MS = 24 * 60 * 60 * 1000;
const SEED_LOCK = 7_301_002;

interface DemoSite {
  id: string;
  title: string;
  ui: 'black' | 'red';
  isDefault: boolean;
  hosts: string[];
  company: string;
  /** Cents. */
  issuance: number;
  /** Children per agent level (1 to 4), and members per agent (the first agent gets `busyAgentMembers`). */
  tree: { childrenPerLevel: number; firstLevelChildren: number; membersPerAgent: number; busyAgentMembers: number };
  notices: { title: Record<string, string>; content: Record<string, string>; level: number | null }[];
  /** Red-limit presets per game type: [minimum, maximum] bet in cents, a maximum of 0 unlimited. */
  redLimits: Record<'live' | 'electronic', [number, number][]>;
  /** ISO 4217 codes, the default first. */
  currencies: string[];
}

export const demoSites: DemoSite[] = [
  {
    id: 'demo',
    title: '信用代理后台',
    ui: 'black',
    isDefault: true,
    hosts: ['localhost', '127.0.0.1', '::1'],
    company: 'admin',
    issuance: 1_000_000_000,
    tree: { firstLevelChildren: 3, childrenPerLevel: 2, membersPerAgent: 5, busyAgentMembers: 300 },
    notices: [
      {
        title: { zh: '欢迎使用信用代理后台', en: 'Welcome to the credit back office', th: 'ยินดีต้อนรับสู่ระบบหลังบ้านเครดิต' },
        content: {
          zh: '<p>所有上下分操作都会记录在<strong>分数记录</strong>中。</p>',
          en: '<p>Every score up and down is recorded in the <strong>score log</strong>.</p>',
          th: '<p>ทุกการเพิ่มและลดคะแนนจะถูกบันทึกใน<strong>บันทึกคะแนน</strong></p>',
        },
        level: null,
      },
      {
        title: { zh: '系统维护通知', en: 'Scheduled maintenance', th: 'แจ้งปิดปรับปรุงระบบ' },
        content: {
          zh: '<p>每周一 04:00-05:00（北京时间）进行例行维护。</p>',
          en: '<p>Routine maintenance every Monday 04:00-05:00 (Beijing time).</p>',
          th: '<p>ปิดปรับปรุงทุกวันจันทร์ 04:00-05:00 (เวลาปักกิ่ง)</p>',
        },
        level: null,
      },
      {
        title: { zh: '大股东专属通知', en: 'For major shareholders', th: 'สำหรับผู้ถือหุ้นใหญ่' },
        content: {
          zh: '<p>本月结算报表已生成。</p>',
          en: "<p>This month's settlement report is ready.</p>",
          th: '<p>รายงานการชำระบัญชีประจำเดือนพร้อมแล้ว</p>',
        },
        level: 1,
      },
    ],
    redLimits: {
      live: [
        [1_000, 100_000],
        [5_000, 500_000],
        [10_000, 1_000_000],
        [50_000, 5_000_000],
      ],
      electronic: [
        [100, 50_000],
        [1_000, 200_000],
        [10_000, 0],
      ],
    },
    currencies: ['CNY', 'USD', 'THB', 'VND', 'IDR'],
  },
  {
    id: 'demo2',
    title: 'Red Dragon Club',
    ui: 'red',
    isDefault: false,
    hosts: ['demo2.localhost'],
    company: 'admin2',
    issuance: 500_000_000,
    tree: { firstLevelChildren: 2, childrenPerLevel: 2, membersPerAgent: 5, busyAgentMembers: 5 },
    notices: [
      {
        title: { zh: '红龙俱乐部开业', en: 'Red Dragon Club is open', th: 'Red Dragon Club เปิดแล้ว' },
        content: {
          zh: '<p>欢迎各位代理加入。</p>',
          en: '<p>Welcome, agents.</p>',
          th: '<p>ยินดีต้อนรับตัวแทนทุกท่าน</p>',
        },
        level: null,
      },
    ],
    redLimits: {
      live: [
        [2_000, 200_000],
        [10_000, 1_000_000],
      ],
      electronic: [
        [100, 100_000],
        [1_000, 0],
      ],
    },
    currencies: ['THB', 'USD'],
  },
];

/**
 * Names of the seeded tree: level 1 "ma01", its children "sh0101", then "ga010101",
 * "ag01010101", and members "mb01010101001" — each name extends its parent's digits.
 */
const LEVEL_PREFIX = ['', 'ma', 'sh', 'ga', 'ag', 'mb'] as const;
/** Shares and wash-code ratios per level (hundredths of a percent), each at most its parent's. */
const LEVEL_RATES = [
  { share: 10_000, washCode: 120, pointLimit: 10_000_000_000 },
  { share: 9_000, washCode: 110, pointLimit: 5_000_000_000 },
  { share: 8_000, washCode: 100, pointLimit: 1_000_000_000 },
  { share: 7_000, washCode: 90, pointLimit: 500_000_000 },
  { share: 6_000, washCode: 80, pointLimit: 100_000_000 },
  { share: 0, washCode: 70, pointLimit: 10_000_000 },
] as const;

/** Points (cents) each account gets from its parent, by level; members at most this (see givePoints). */
const LEVEL_POINTS = [0, 200_000_000, 50_000_000, 10_000_000, 2_000_000, 100_000] as const;

/** One example login per level of the demo site, as printed at start. */
export const demoTreeLogins = [
  { loginId: 'ma01', level: 1 },
  { loginId: 'sh0101', level: 2 },
  { loginId: 'ga010101', level: 3 },
  { loginId: 'ag01010101', level: 4 },
] as const;

/**
 * Sub-accounts on `demo` (same password and code as every demo login): for the company and for
 * one agent, a clerk who only moves points and reads the score log, and a reader of reports who
 * writes nothing (code 8 also writes notices and answers members, so a reader does not hold it).
 */
export const demoSubAccounts = [
  { loginId: 'adminclerk', main: 'admin', codes: [1, 5, 6], role: 'clerk' },
  { loginId: 'adminreader', main: 'admin', codes: [7, 11], role: 'reports' },
  { loginId: 'agclerk', main: 'ag01010101', codes: [1, 5, 6], role: 'clerk' },
  { loginId: 'agreader', main: 'ag01010101', codes: [7], role: 'reports' },
] as const;

async function seedSubAccounts(tx: Queryable, siteId: string, hashes: { password: string; safeCode: string }, now: Date) {
  for (const sub of demoSubAccounts) {
    await tx.run(sql`INSERT INTO sub_accounts
        (site_id, main_account_id, login_id, nickname, password_hash, safe_code_hash, access_codes, first_login, created_at)
      SELECT ${siteId}, a.id, ${sub.loginId}, ${sub.loginId}, ${hashes.password}, ${hashes.safeCode},
             ${`{${sub.codes.join(',')}}`}::smallint[], false, ${now}
        FROM accounts a WHERE a.site_id = ${siteId} AND a.login_id = ${sub.main}`);
  }
}

async function seedTree(tx: Queryable, site: DemoSite, hashes: { password: string; safeCode: string }, now: Date) {
  const { tree } = site;
  for (let level = 1; level <= 5; level++) {
    const rates = LEVEL_RATES[level]!;
    const count =
      level === 1
        ? sql`${tree.firstLevelChildren}::int`
        : level === 5
          ? sql`CASE WHEN p.login_id = 'ag01010101' THEN ${tree.busyAgentMembers}::int ELSE ${tree.membersPerAgent}::int END`
          : sql`${tree.childrenPerLevel}::int`;
    const digits = level === 5 ? 3 : 2;
    // Level 1 starts the digits; below, each name carries its parent's digits on.
    const parentDigits = level === 1 ? sql`''` : sql`substr(p.login_id, 3)`;
    await tx.run(sql`INSERT INTO accounts (site_id, parent_id, level, login_id, nickname, password_hash, safe_code_hash,
        point_limit, agent_commision_rate, valid_amount_rate, first_login, created_at)
      SELECT ${site.id}, p.id, ${level}, login, login, ${hashes.password}, ${hashes.safeCode},
             ${rates.pointLimit}, ${rates.share}, ${rates.washCode}, false, ${now}
        FROM accounts p
        CROSS JOIN LATERAL generate_series(1, ${count}) AS g (n)
        CROSS JOIN LATERAL (SELECT ${LEVEL_PREFIX[level]} || ${parentDigits} || lpad(g.n::text, ${digits}::int, '0') AS login) AS name
       WHERE p.site_id = ${site.id} AND p.level = ${level - 1}::int AND p.kind = 'tree'
       ORDER BY p.id, g.n`);
  }
  // The agent-to-company limit follows the point limit, so it too shrinks down the tree.
  await tx.run(sql`INSERT INTO game_settings (account_id, game_type, betting_ratio, agent_rate, agent_to_company_limit)
    SELECT a.id, t.game_type, a.valid_amount_rate, a.agent_commision_rate, a.point_limit
      FROM accounts a CROSS JOIN (VALUES ('live'), ('electronic')) AS t (game_type)
     WHERE a.site_id = ${site.id} AND a.kind = 'tree'
    ON CONFLICT DO NOTHING`);
}

/**
 * Moves the issued points down the tree by real score-ups, level by level, through the same
 * ledger function as the gateway: every agent and member gets a balance and a log row.
 * An agent hands its members at most half of what it holds, split evenly.
 */
async function givePoints(tx: Queryable, site: DemoSite, now: Date) {
  const accounts = await tx.rows<{
    id: bigint;
    parent_id: bigint;
    level: number;
    parent_login: string;
    siblings: bigint;
  }>(sql`
    SELECT a.id, a.parent_id, a.level, p.login_id AS parent_login, p.child_count AS siblings
      FROM accounts a JOIN accounts p ON p.id = a.parent_id
     WHERE a.site_id = ${site.id}
     ORDER BY a.level, a.id`);
  for (const account of accounts) {
    const level = account.level as 1 | 2 | 3 | 4 | 5;
    const share = Math.floor(LEVEL_POINTS[4] / (2 * Number(account.siblings)) / 100) * 100;
    const amount = level === 5 ? Math.min(LEVEL_POINTS[5], share) : LEVEL_POINTS[level];
    await transferPoints(tx, {
      siteId: site.id,
      direction: 'up',
      operatorId: wireId(account.parent_id),
      targetId: wireId(account.id),
      amount,
      operatorLogin: account.parent_login,
      operatorSubAccountId: null,
      ip: '127.0.0.1',
      comment: 'Demo points',
      now,
      minIntervalMs: 0,
      requestKey: null,
    });
  }
}

export function demoLogins(port: number): DemoLogin[] {
  return demoSites.map((site) => ({
    site: site.id,
    url: `http://${site.hosts[0]}:${port}/`,
    loginId: site.company,
    password: DEMO_PASSWORD,
    safeCode: DEMO_SAFE_CODE,
    level: 0,
  }));
}

async function seedSite(tx: Queryable, site: DemoSite, hashes: { password: string; safeCode: string }, now: Date) {
  const companyId = await insertSiteRows(
    tx,
    {
      id: site.id,
      title: site.title,
      theme: site.ui,
      isDefault: site.isDefault,
      minScoreIntervalMs: 0,
      hosts: site.hosts,
      company: {
        loginId: site.company,
        passwordHash: hashes.password,
        safeCodeHash: hashes.safeCode,
        pointLimit: 10_000_000_000,
        share: 10_000,
        washCode: 120,
        firstLogin: false,
      },
      redLimits: site.redLimits,
      currencies: site.currencies,
    },
    now,
  );
  await issuePoints(tx, {
    siteId: site.id,
    companyId,
    amount: site.issuance,
    operatorLogin: site.company,
    ip: '127.0.0.1',
    comment: 'Demo issuance',
    now,
  });
  await seedTree(tx, site, hashes, now);
  await givePoints(tx, site, now);
  for (const notice of site.notices) {
    await tx.run(sql`INSERT INTO notices (site_id, title, content, status, target_level, publish_time, start_time, end_time, created_by)
      VALUES (${site.id}, ${JSON.stringify(notice.title)}::jsonb, ${JSON.stringify(notice.content)}::jsonb, 'published',
        ${notice.level}, ${now}, ${new Date(now.getTime() - DAY_MS)}, ${new Date(now.getTime() + 365 * DAY_MS)}, ${companyId})`);
  }
}

/** Loads the demo sites into an empty database; does nothing when any site exists. */
export async function seedDemo(db: Database, now: Date): Promise<boolean> {
  const existing = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sites`);
  if ((existing?.n ?? 0) > 0) return false;
  // One hash per secret, reused by every seeded account.
  const hashes = { password: await hashSecret(DEMO_PASSWORD), safeCode: await hashSecret(DEMO_SAFE_CODE) };
  const seeded = await db.transaction(async (tx) => {
    // Gateways starting together on one server: the first seeds, the others find it done.
    await tx.run(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const again = await tx.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sites`);
    if ((again?.n ?? 0) > 0) return false;
    for (const site of demoSites) await seedSite(tx, site, hashes, now);
    await seedSubAccounts(tx, 'demo', hashes, now);
    // Two members have reached their maximum win (the game platform sets this): their agent can remove the limit.
    await tx.run(
      sql`UPDATE accounts SET max_win = 1000000, win_blocked = true WHERE site_id = 'demo' AND login_id IN ('mb01010101001', 'mb01010101002')`,
    );
    return true;
  });
  // The embedded platform learns the demo accounts before anyone plays (later changes reach it
  // through the push job).
  if (seeded) await sendPlatformPushes(db, simulatorPlatform, now);
  return seeded;
}
