import type { Browser, Page } from 'playwright-core';
import { captchaCodeShown, openApp, type OpenAppOptions } from '../app-page';
import type { TestGateway } from '../test-gateway';

/** The login screen: its fields by id, the captcha read from the database as a person reads the image. */
export class LoginPage {
  constructor(
    readonly page: Page,
    private readonly gw: TestGateway,
  ) {}

  static async open(browser: Browser, gw: TestGateway, options: OpenAppOptions = {}): Promise<LoginPage> {
    return new LoginPage(await openApp(browser, gw, options), gw);
  }

  captchaCode(): Promise<string> {
    return captchaCodeShown(this.page, this.gw);
  }

  /** Fills the form by keyboard and submits it with Enter. */
  async signIn(loginId: string, password = 'Admin123', safeCode = '1234'): Promise<void> {
    await this.page.locator('#login-id').fill(loginId);
    await this.page.locator('#login-password').fill(password);
    await this.page.locator('#login-captcha').fill(await this.captchaCode());
    await this.page.locator('#login-safe-code').fill(safeCode);
    await this.page.locator('#login-safe-code').press('Enter');
  }
}
