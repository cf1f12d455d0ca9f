import { describe, expect, it } from 'vitest';
import { OTHER_LABORATORY_ENV } from '../testing/other-laboratory.ts';
import { loadSettings, SettingsError } from './settings.ts';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['off', false],
    ['0', false],
    ['true', true],
    ['yes', true],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7,::1', ['10.0.0.0/8', '192.168.1.7', '::1']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('reads %s as %j', (value, expected) => {
    expect(loadSettings({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['maybe', '10.0.0.0/33', '300.1.1.1', '10.0.0.1,', 'http://proxy'])(
    'refuses %s, naming the setting',
    (value) => {
      expect(() => loadSettings({ TRUST_PROXY: value })).toThrow(SettingsError);
      expect(() => loadSettings({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY=.*number of proxy hops/);
    },
  );
});

describe('ATTEMPT_LIMIT_*', () => {
  it('defaults to 5 per username and 20 per address in 15 minutes, 100 per address a day', () => {
    expect(loadSettings({}).attemptLimits).toEqual({
      perUsername: 5,
      perAddress: 20,
      perAddressPerDay: 100,
      windowMinutes: 15,
    });
  });

  it('takes other numbers and refuses 0', () => {
    expect(loadSettings({ ATTEMPT_LIMIT_PER_ADDRESS: '500' }).attemptLimits.perAddress).toBe(500);
    expect(() => loadSettings({ ATTEMPT_LIMIT_PER_USERNAME: '0' })).toThrow(/ATTEMPT_LIMIT_PER_USERNAME/);
  });
});

describe('CSRF_SECRET, CSRF_COOKIE_LIMIT_PER_ADDRESS, PRUNE_INTERVAL_SECONDS', () => {
  it('default to a key in the database, 300 calls a minute and pruning every 10 minutes', () => {
    const settings = loadSettings({});
    expect(settings.csrfSecret).toBeUndefined();
    expect(settings.csrfCookieLimitPerAddress).toBe(300);
    expect(settings.pruneIntervalSeconds).toBe(600);
  });

  it('take a long enough key and other numbers', () => {
    const key = 'k'.repeat(32);
    expect(loadSettings({ CSRF_SECRET: key }).csrfSecret).toBe(key);
    expect(() => loadSettings({ CSRF_SECRET: 'short' })).toThrow(/CSRF_SECRET.*at least 32 characters/);
    expect(loadSettings({ CSRF_COOKIE_LIMIT_PER_ADDRESS: '100000000' }).csrfCookieLimitPerAddress).toBe(1e8);
    expect(() => loadSettings({ CSRF_COOKIE_LIMIT_PER_ADDRESS: '0' })).toThrow(/CSRF_COOKIE_LIMIT/);
    expect(loadSettings({ PRUNE_INTERVAL_SECONDS: '0' }).pruneIntervalSeconds).toBe(0);
  });
});

describe('timeouts', () => {
  it('default to a 5 s statement and connection timeout and bounded HTTP timeouts', () => {
    const settings = loadSettings({});
    expect(settings.dbStatementTimeoutMs).toBe(5_000);
    expect(settings.dbConnectTimeoutMs).toBe(5_000);
    expect(settings.httpTimeouts).toEqual({
      headers: 10_000,
      request: 30_000,
      keepAlive: 72_000,
      connection: 60_000,
    });
  });

  it('take other values and refuse headers given longer than the whole request', () => {
    const settings = loadSettings({
      DB_STATEMENT_TIMEOUT_MS: '0',
      HEADERS_TIMEOUT_MS: '2000',
      REQUEST_TIMEOUT_MS: '2000',
    });
    expect(settings.dbStatementTimeoutMs).toBe(0);
    expect(settings.httpTimeouts.headers).toBe(2_000);
    expect(() => loadSettings({ HEADERS_TIMEOUT_MS: '40000' })).toThrow(
      /HEADERS_TIMEOUT_MS="40000": must not be more than REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadSettings({ REQUEST_TIMEOUT_MS: '10' })).toThrow(
      /REQUEST_TIMEOUT_MS="10": must be at least 100/,
    );
  });
});

describe('LOG_FORMAT', () => {
  it('is pretty in development and JSON with NODE_ENV=production, unless given', () => {
    const production = {
      NODE_ENV: 'production',
      ALLOW_EMBEDDED_DATABASE: 'on',
      ALLOW_FILE_MAIL: 'on',
      DEMO_DATA: 'on',
    };
    expect(loadSettings({}).logFormat).toBe('pretty');
    expect(loadSettings(production).logFormat).toBe('json');
    expect(loadSettings({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadSettings({ ...production, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadSettings({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT="yaml": must be json or pretty/);
  });
});

describe('mail settings', () => {
  it('defaults to .eml files beside the data folder, the demo laboratory and no portal URL', () => {
    const settings = loadSettings({});
    expect(settings.mail).toMatchObject({ smtpUrl: undefined, pollMs: 5_000, giveUpHours: 72 });
    expect(settings.mail.dir).toMatch(/apps\/api\/\.data\/mail$/);
    expect(settings.mail.from).toBe('"Laboratorio Botica, S.L." <administracion.ventas@botica.example>');
    expect(settings.laboratory.address).toEqual(['Calle de la Botánica, 12', '28040 Madrid']);
    expect(settings.portalUrl).toBe('');
  });

  it('writes the mail of an in-memory database into the temporary folder', () => {
    expect(loadSettings({ DATA_DIR: 'memory://' }).mail.dir).toMatch(/botica-mail$/);
  });

  it('refuses SMTP_URL without PORTAL_URL, so links never follow the Host header', () => {
    expect(() => loadSettings({ SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(
      /PORTAL_URL: must be set/,
    );
    expect(
      loadSettings({ SMTP_URL: 'smtp://mail.example.com:587', PORTAL_URL: 'https://portal.example.com' }).mail
        .smtpUrl,
    ).toBe('smtp://mail.example.com:587');
  });

  it('refuses a URL that is not SMTP and an address that is not one', () => {
    expect(() => loadSettings({ SMTP_URL: 'http://mail', PORTAL_URL: 'https://p.example' })).toThrow(
      /SMTP_URL/,
    );
    expect(() => loadSettings({ SALES_ADMIN_EMAIL: 'ventas' })).toThrow(/SALES_ADMIN_EMAIL/);
  });
});

describe('CHAT_WIDGET_URL', () => {
  it('is no chat by default, and an https script with the consent its cookies need', () => {
    expect(loadSettings({}).chatWidget).toBeNull();
    expect(loadSettings({ CHAT_WIDGET_URL: 'https://chat.example/widget.js' }).chatWidget).toEqual({
      url: 'https://chat.example/widget.js',
      consent: 'marketing',
    });
    expect(
      loadSettings({ CHAT_WIDGET_URL: 'https://chat.example/w.js', CHAT_WIDGET_CONSENT: 'none' }).chatWidget
        ?.consent,
    ).toBe('none');
  });

  it('refuses an address that is not an https script, and an unknown consent', () => {
    for (const url of ['http://chat.example/w.js', 'javascript:alert(1)', 'https://chat.example']) {
      expect(() => loadSettings({ CHAT_WIDGET_URL: url }), url).toThrow(/CHAT_WIDGET_URL=.*https:\/\//);
    }
    expect(() => loadSettings({ CHAT_WIDGET_CONSENT: 'functional' })).toThrow(/CHAT_WIDGET_CONSENT/);
  });
});

/** A real laboratory's identity, as its operations team sets it. */
const IDENTITY = { ...OTHER_LABORATORY_ENV, LAB_TAX_ID: 'a-28000008' };

describe("the laboratory's identity (LAB_*)", () => {
  it('is the demo laboratory when none is set, outside production or with the demo data', () => {
    expect(loadSettings({}).identity).toMatchObject({ taxId: 'B87654323', isDemo: true });
    expect(
      loadSettings({
        NODE_ENV: 'production',
        DEMO_DATA: 'on',
        ALLOW_EMBEDDED_DATABASE: 'on',
        ALLOW_FILE_MAIL: 'on',
      }).identity.isDemo,
    ).toBe(true);
  });

  it('is read whole from the settings, the CIF checked and normalised, and names the e-mails', () => {
    const settings = loadSettings({ ...IDENTITY, PORTAL_URL: 'https://pedidos.herbolab.example' });
    expect(settings.identity).toEqual({
      legalName: 'Herbolab Farma, S.A.',
      tradeName: 'Herbolab',
      taxId: 'A28000008',
      address: {
        street: 'Avenida de la Industria, 4',
        postalCode: '28108',
        city: 'Alcobendas',
        province: 'Madrid',
      },
      registry: IDENTITY.LAB_REGISTRY,
      phone: '+34 916 000 000',
      email: 'info@herbolab.example',
      salesEmail: 'pedidos@herbolab.example',
      privacyEmail: 'info@herbolab.example',
      dpoEmail: 'info@herbolab.example',
      authorisation: { authority: expect.stringContaining('AEMPS'), number: '1234-E' },
      foodRegistry: null,
      portalUrl: 'https://pedidos.herbolab.example',
      isDemo: false,
    });
    expect(settings.laboratory).toEqual({
      name: 'Herbolab Farma, S.A.',
      address: ['Avenida de la Industria, 4', '28108 Alcobendas (Madrid)'],
      phone: '+34 916 000 000',
      salesEmail: 'pedidos@herbolab.example',
    });
    expect(settings.mail.from).toBe('"Herbolab Farma, S.A." <pedidos@herbolab.example>');
  });

  it('refuses a CIF whose check character is wrong, and an identity given in part', () => {
    expect(() => loadSettings({ ...IDENTITY, LAB_TAX_ID: 'A28000009' })).toThrow(
      /LAB_TAX_ID="A28000009": must be a Spanish CIF/,
    );
    const { LAB_REGISTRY: _, LAB_TAX_ID: __, ...partial } = IDENTITY;
    expect(() => loadSettings(partial)).toThrow(/LAB_TAX_ID: not set[\s\S]*LAB_REGISTRY: not set/);
    expect(() => loadSettings({ LAB_TRADE_NAME: 'Herbolab' })).toThrow(/LAB_NAME: not set/);
  });

  it('must be set in production, where the demo CIF would go on invoices', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/botica',
      SMTP_URL: 'smtp://mail.example.com',
      PORTAL_URL: 'https://p.example.com',
    };
    expect(() => loadSettings(production)).toThrow(/LAB_\*: the laboratory's identity is not set/);
    expect(loadSettings({ ...production, ...IDENTITY }).identity.isDemo).toBe(false);
  });
});

describe('production (NODE_ENV=production): no silent fallbacks', () => {
  const real = {
    ...IDENTITY,
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://botica:secreto@db:5432/botica',
    SMTP_URL: 'smtp://mail.example.com:587',
    PORTAL_URL: 'https://portal.example.com',
  };

  it('starts with a database and a mail server', () => {
    expect(loadSettings(real).databaseUrl).toBe(real.DATABASE_URL);
  });

  it('refuses to start without DATABASE_URL, naming a misspelt variable, unless the embedded database is allowed', () => {
    const { DATABASE_URL: _, ...withoutDatabase } = real;
    expect(() => loadSettings(withoutDatabase)).toThrow(
      /DATABASE_URL: not set\. With NODE_ENV=production Botica does not fall back to the embedded database.*ALLOW_EMBEDDED_DATABASE=on/,
    );
    expect(() => loadSettings({ ...withoutDatabase, DATABSE_URL: real.DATABASE_URL })).toThrow(
      /DATABASE_URL: not set \(DATABSE_URL is set: a misspelling\?\)/,
    );
    expect(() => loadSettings({ ...withoutDatabase, DATABASE_URL: '  ' })).toThrow(/DATABASE_URL: not set/);
    expect(loadSettings({ ...withoutDatabase, ALLOW_EMBEDDED_DATABASE: 'on' }).databaseUrl).toBeUndefined();
    // Outside production the embedded database stays the default.
    expect(loadSettings({}).databaseUrl).toBeUndefined();
  });

  it('refuses to start without SMTP_URL unless mail to files is allowed', () => {
    const { SMTP_URL: _, ...withoutMail } = real;
    expect(() => loadSettings(withoutMail)).toThrow(/SMTP_URL: not set\..*ALLOW_FILE_MAIL=on/);
    expect(() => loadSettings({ ...withoutMail, SMPT_URL: real.SMTP_URL })).toThrow(
      /SMTP_URL: not set \(SMPT_URL is set: a misspelling\?\)/,
    );
    expect(loadSettings({ ...withoutMail, ALLOW_FILE_MAIL: 'on' }).mail.smtpUrl).toBeUndefined();
    expect(() => loadSettings({ ...real, ALLOW_FILE_MAIL: 'yes' })).toThrow(
      /ALLOW_FILE_MAIL="yes": must be on or off/,
    );
  });

  it('names both at once', () => {
    expect(() => loadSettings({ ...IDENTITY, NODE_ENV: 'production' })).toThrow(
      /DATABASE_URL: not set[\s\S]*SMTP_URL: not set/,
    );
  });
});

describe('DATABASE_PASSWORD', () => {
  it('goes into DATABASE_URL encoded, whatever it holds', () => {
    const password = 'p/a#s@s:w%rd ñ';
    const { databaseUrl } = loadSettings({
      DATABASE_URL: 'postgres://botica@db:5432/botica',
      DATABASE_PASSWORD: password,
    });
    const url = new URL(databaseUrl ?? '');
    expect(decodeURIComponent(url.password)).toBe(password);
    expect([url.hostname, url.port, url.pathname, url.username]).toEqual(['db', '5432', '/botica', 'botica']);
    expect(() => loadSettings({ DATABASE_PASSWORD: password })).toThrow(
      /DATABASE_PASSWORD: given without DATABASE_URL/,
    );
  });
});
