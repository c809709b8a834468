import { beforeAll, describe, expect, it } from 'vitest';
import { loginLanguages, loginPages, loginWeights, type LoginWeight } from '../support/login-weight';
import { ensureWebBuild } from '../support/web-build';

/** 130 KiB of JavaScript (gzip) at most for every login, desktop and phone, in zh, en and th (docs/development.md, "Login weight"). */
const LOGIN_JS_BUDGET_KIB = 130;

const logins = Object.keys(loginPages).flatMap((page) => loginLanguages.map((language) => `${page} ${language}`));

describe('login weight', () => {
  let weights: Map<string, LoginWeight>;
  beforeAll(async () => {
    await ensureWebBuild();
    weights = new Map(loginWeights().map((weight) => [`${weight.page} ${weight.language}`, weight]));
  });

  it('loads with each language its own login texts, one small file', () => {
    const shared = new Set(weights.get('desktop zh')!.files);
    const texts = (login: string) => weights.get(login)!.files.filter((file) => !shared.has(file));
    expect(texts('desktop en')).toHaveLength(1);
    expect(texts('desktop th')).toHaveLength(1);
    expect(texts('desktop en')).not.toEqual(texts('desktop th'));
  });

  it.each(logins)(`keeps the %s login under ${LOGIN_JS_BUDGET_KIB} KiB gz`, (login) => {
    const { jsKiB } = weights.get(login)!;
    expect(jsKiB, `${login}: ${jsKiB.toFixed(2)} KiB gz`).toBeLessThanOrEqual(LOGIN_JS_BUDGET_KIB);
  });
});
