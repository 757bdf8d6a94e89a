import { describe, expect, it } from 'vitest';
import { parseEnv, revealsTokens } from '../../src/api/env.ts';
import { s3ConfigOf } from '../../src/api/storage/choose-object-store.ts';
import { COMPANY_VARIABLES } from './company-variables.ts';

const POSTGRES_URL = 'postgres://user:secret@localhost:5432/providers';

describe('parseEnv defaults', () => {
  it("defaults DATA_DIR to '.data'", () => {
    expect(parseEnv({}).DATA_DIR).toBe('.data');
  });

  it('defaults PORT to 8888', () => {
    expect(parseEnv({}).PORT).toBe(8888);
  });

  it("defaults HOST to 'localhost'", () => {
    expect(parseEnv({}).HOST).toBe('localhost');
  });

  it("is 'production' unless APP_ENV says otherwise, even on the embedded default", () => {
    expect(parseEnv({}).appEnv).toBe('production');
    expect(
      parseEnv({ DATABASE_URL: POSTGRES_URL, SITE_URL: 'https://vp.example', ...COMPANY_VARIABLES })
        .appEnv,
    ).toBe('production');
  });

  it('is development only with APP_ENV=development', () => {
    expect(parseEnv({ APP_ENV: 'development' }).appEnv).toBe('development');
    expect(parseEnv({ APP_ENV: 'test' }).appEnv).toBe('test');
  });
});

describe('modes and the site address', () => {
  it('defaults SITE_URL to http://localhost:PORT while listening on loopback only', () => {
    expect(parseEnv({}).SITE_URL).toBe('http://localhost:8888');
    expect(parseEnv({ PORT: '4000', HOST: '127.0.0.1' }).SITE_URL).toBe('http://127.0.0.1:4000');
    expect(parseEnv({ HOST: '::1' }).SITE_URL).toBe('http://[::1]:8888');
    expect(parseEnv({ HOST: '::1' }).loopbackOnly).toBe(true);
  });

  it('keeps the origin of a given SITE_URL', () => {
    expect(
      parseEnv({ SITE_URL: 'https://vp.example/some/path', ...COMPANY_VARIABLES }).SITE_URL,
    ).toBe('https://vp.example');
  });

  it('refuses to start beyond loopback without SITE_URL, saying why', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'vp.example']) {
      expect(() => parseEnv({ HOST })).toThrow(
        /SITE_URL is required when HOST=.* listens beyond loopback/,
      );
    }
    expect(
      parseEnv({ HOST: '0.0.0.0', SITE_URL: 'https://vp.example', ...COMPANY_VARIABLES })
        .loopbackOnly,
    ).toBe(false);
  });

  it('refuses to start on a database server without SITE_URL', () => {
    expect(() => parseEnv({ DATABASE_URL: POSTGRES_URL })).toThrow(
      /SITE_URL is required when the database is a server/,
    );
  });

  it('lets the database commands (migrate, seed, the build) run without SITE_URL', () => {
    expect(parseEnv({ DATABASE_URL: POSTGRES_URL }, { purpose: 'database' }).DATABASE_URL).toBe(
      POSTGRES_URL,
    );
  });

  it('reveals tokens only in development mode on loopback', () => {
    const loopback = (APP_ENV?: string) => revealsTokens(parseEnv(APP_ENV ? { APP_ENV } : {}));
    expect(loopback('development')).toBe(true);
    expect(loopback()).toBe(false);
    expect(loopback('production')).toBe(false);
    expect(loopback('test')).toBe(false);
    expect(
      revealsTokens(
        parseEnv({
          APP_ENV: 'development',
          HOST: '0.0.0.0',
          SITE_URL: 'https://vp.example',
          ...COMPANY_VARIABLES,
        }),
      ),
    ).toBe(false);
  });
});

describe('parseEnv values', () => {
  it('reads PORT as a number', () => {
    expect(parseEnv({ PORT: '3000' }).PORT).toBe(3000);
  });

  it('accepts a postgresql:// DATABASE_URL', () => {
    expect(
      parseEnv({
        DATABASE_URL: 'postgresql://localhost/providers',
        SITE_URL: 'https://vp.example',
        ...COMPANY_VARIABLES,
      }).DATABASE_URL,
    ).toBe('postgresql://localhost/providers');
  });

  it('treats empty and blank strings as unset', () => {
    const env = parseEnv({ DATABASE_URL: '', PORT: '  ', DATA_DIR: '', HOST: '', APP_ENV: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PORT).toBe(8888);
    expect(env.DATA_DIR).toBe('.data');
    expect(env.HOST).toBe('localhost');
    expect(env.appEnv).toBe('production');
  });
});

describe('parseEnv errors', () => {
  it('rejects a DATABASE_URL that is not postgres, naming the variable', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(Error);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('rejects a PORT that is not a number, naming the variable', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(Error);
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('rejects a PORT above 65535', () => {
    expect(() => parseEnv({ PORT: '65536' })).toThrow(/PORT/);
  });

  it('rejects an ADMIN_PASSWORD shorter than the one password rule, naming the variable', () => {
    expect(() => parseEnv({ ADMIN_PASSWORD: '1234567' })).toThrow(
      /ADMIN_PASSWORD: Password must be at least 8 characters long/,
    );
  });

  it('accepts an ADMIN_PASSWORD of 8 characters', () => {
    expect(parseEnv({ ADMIN_PASSWORD: '12345678' }).ADMIN_PASSWORD).toBe('12345678');
  });

  it('rejects an unknown APP_ENV, naming the variable', () => {
    expect(() => parseEnv({ APP_ENV: 'staging' })).toThrow(/APP_ENV/);
  });
});

describe('S3 storage settings', () => {
  it('choose S3 only when S3_BUCKET is set, with path-style and credentials as given', () => {
    expect(s3ConfigOf(parseEnv({}))).toBeUndefined();
    expect(
      s3ConfigOf(
        parseEnv({
          S3_BUCKET: 'vp-images',
          S3_ENDPOINT: 'https://s3.example.co.za',
          S3_FORCE_PATH_STYLE: 'true',
          S3_ACCESS_KEY_ID: 'key',
          S3_SECRET_ACCESS_KEY: 'secret',
        }),
      ),
    ).toEqual({
      bucket: 'vp-images',
      region: 'us-east-1',
      endpoint: 'https://s3.example.co.za',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
  });

  it('leave credentials to the SDK when none are given (instance roles)', () => {
    expect(s3ConfigOf(parseEnv({ S3_BUCKET: 'vp-images' }))?.credentials).toBeUndefined();
  });

  it('refuse a key id without its secret', () => {
    expect(() => parseEnv({ S3_BUCKET: 'b1b', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });

  it('refuse an S3_ENDPOINT that is not a URL', () => {
    expect(() => parseEnv({ S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });
});
