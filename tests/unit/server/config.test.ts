import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, UNSENT_BUSINESS_EMAIL, UNSENT_MAIL_FROM } from '../../../server/config';

/** Issue 31: mail settings that cannot leak a business's requests to anyone else. */
describe('mail settings', () => {
  it('refuses SMTP_URL without BUSINESS_EMAIL, MAIL_FROM and PUBLIC_URL, naming each one missing', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(
      /BUSINESS_EMAIL is required when SMTP_URL is set[\s\S]*MAIL_FROM is required when SMTP_URL is set[\s\S]*PUBLIC_URL is required when SMTP_URL is set/,
    );
    expect(() =>
      loadConfig({
        SMTP_URL: 'smtp://mail.example.com:587',
        BUSINESS_EMAIL: 'team@shop.example',
        PUBLIC_URL: 'https://shop.example',
      }),
    ).toThrow(/^Invalid environment:\n {2}MAIL_FROM is required when SMTP_URL is set[^\n]*$/);
  });

  it('takes SMTP with all three set', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      BUSINESS_EMAIL: 'team@shop.example',
      MAIL_FROM: 'Shop <hello@shop.example>',
      PUBLIC_URL: 'https://shop.example',
    });
    expect(config).toMatchObject({ businessEmail: 'team@shop.example', mailFrom: 'Shop <hello@shop.example>' });
  });

  it('names no real business as a recipient without SMTP: example.com stands in', () => {
    const config = loadConfig({});
    expect(config.smtpUrl).toBeUndefined();
    expect(config.businessEmail).toBe(UNSENT_BUSINESS_EMAIL);
    expect(config.mailFrom).toBe(UNSENT_MAIL_FROM);
    expect(`${config.businessEmail} ${config.mailFrom}`).not.toMatch(/tanandtassel/);
    expect(config.businessEmail).toMatch(/@example\.com$/);
  });

  it('refuses an SMTP_URL that is not a mail server URL', () => {
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL is a mail server URL/);
  });
});

/** Issue 47: every missing or wrong variable named at once, one line each. */
describe('configuration errors', () => {
  it('names every wrong value and every missing mail setting in one error', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        HOLD_DAYS: '-1',
        SMTP_URL: 'smtp://mail.example.com',
        MAIL_FROM: 'Shop <a@b.example>',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems.map((line) => line.split(/[: ]/)[0])).toEqual([
      'PORT',
      'HOLD_DAYS',
      'BUSINESS_EMAIL',
      'PUBLIC_URL',
    ]);
    expect(message.split('\n')).toHaveLength(5);
  });
});

/** Issue 49: card payments online only with both of Stripe's keys. */
describe('Stripe settings', () => {
  it('takes cards online only with both keys, and says which one is missing or malformed', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(
      /STRIPE_SECRET_KEY is a Stripe secret key/,
    );
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).stripe).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc',
      apiUrl: undefined,
    });
  });
});
