// A real, strict OAuth 2.1 / OpenID Connect provider for end-to-end tests: panva's certified
// oidc-provider with one confidential client, in memory, on 127.0.0.1 and a port the system
// chooses.
//
//   node provider.mjs --client-id ID --client-secret SECRET [--redirect-uri URI]...
//                     [--access-ttl SECONDS (300)] [--refresh-ttl SECONDS (86400)] [--resource URI]...
//                     [--issued FILE] [--faults]
//
// The first line on stdout is `issuer http://127.0.0.1:PORT`; everything else goes to stderr (one
// line per request: method, path, status, and the OAuth error if there was one; never a token),
// but the answers to stdin's lines. It runs until killed.
//
// Redirect URIs may also come later, once the server they lead to listens on the port the system
// chose for it: each line `redirect-uri URI` on stdin registers URI beside the others, and is
// answered on stdout with `registered URI` once requests are checked against it (or `refused URI:
// REASON`). The client exists from its first redirect URI on; until then there is none.
//
// What it enforces: the authorization-code grant only, PKCE with S256 on every request, the
// redirect_uri on every request and exactly as registered, client_secret_basic or
// client_secret_post at the token endpoint, exact expiry. Scopes: openid, email, offline_access.
// A refresh token comes only when `offline_access` is granted, which the library allows only when
// the authorization request also has `prompt=consent`; it is rotated on every use, and a reused
// one (like a reused code) revokes the whole grant. Sign-in and consent are the library's own
// development pages (/interaction/UID, plain HTML forms): any login with a non-empty password, the
// account's sub being the login and its email LOGIN@example.com. `--resource URI` accepts that RFC
// 8707 resource indicator (MCP clients send one): its access tokens are opaque, with that audience
// and the `mcp` scope when that is requested; any other resource is refused (invalid_target).
// Revocation (RFC 7009), introspection (RFC 7662) and userinfo are on. Every authorization
// response carries `iss` (RFC 9207), and the metadata says so
// (`authorization_response_iss_parameter_supported: true`): oidc-provider 9 always does both (a
// test that wants a callback without `iss` strips it from the redirect URL). ID tokens are signed
// with RS256 by a key made for the run, its `kid` `key-1`.
//
// `--faults` makes it misbehave on demand, as production providers do: `POST /__test/faults`
// with a JSON object, one command per request, answered 200 `{"ok":true}`, or 400
// `{"error":"invalid_request","error_description":REASON}` for a bad one (and 404, like any
// unknown path, without `--faults`). ENDPOINT is one of `token`, `revocation`, `userinfo`, `jwks`,
// `introspection`; N (`times`) a whole number from 1 to 1000.
//   {"endpoint": ENDPOINT, "status": 400-599, "error": ERROR, "times": N}
//       The next N requests to ENDPOINT are answered with that status and
//       `{"error": ERROR, "error_description": "injected fault"}` (ERROR by default
//       `server_error`; for `userinfo` with 401 also `WWW-Authenticate: Bearer error="ERROR"`),
//       without reaching the library: nothing is consumed (a refresh token sent then is neither
//       used nor rotated). Their log lines end with ` (injected)`.
//   {"endpoint": ENDPOINT, "stall_ms": 1-60000, "times": N}
//       The next N requests to ENDPOINT wait that long, then are handled as usual.
//   {"endpoint": ENDPOINT, "late_ms": 1-60000, "times": N}
//       The next N requests to ENDPOINT are handled at once, and their answers held that long (a
//       refresh done at the provider whose new tokens reach the client late).
//   Either with `"grant_type": TYPE` for `token`: only requests of that grant type count (a code
//   exchange goes through while refreshes fail). Commands for one endpoint queue up: a request
//   takes the first one that applies to it.
//   {"rotate_keys": "add"}      A new RS256 key (`kid` `key-2`, then `key-3`, ...) signs every ID
//                               token from now on; the JWKS publishes it first, then the old ones.
//   {"rotate_keys": "replace"}  The same, and the JWKS publishes the new key alone.
//       Grants, sessions, tokens and interactions made before stay valid: oidc-provider's keys are
//       fixed per instance, so a second instance with the new keys, sharing the first one's
//       store, configuration and cookie keys, handles every request from then on.
//   {"clock_skew_s": SECONDS}   From now on its clock reads SECONDS (whole, may be negative or 0)
//       ahead of the real time: its tokens' `iat` and `exp`, all its own expiry checks, and its
//       cookies' `Expires` (a real browser drops them early when it runs behind). The clock
//       steps: what was issued before lives SECONDS less, or more.
//   {"revoke_all": true}        Revokes every grant issued so far, as when a user removes the app:
//       its codes, access and refresh tokens stop working (userinfo answers 401, a refresh and a
//       code exchange invalid_grant); sessions stay (who is signed in is not asked to again).
//   {"clear": true}             Drops the queued faults and stalls, and the clock's skew.

import * as crypto from 'node:crypto';
import { appendFileSync } from 'node:fs';
import * as http from 'node:http';
import { createInterface } from 'node:readline';
import { parseArgs, promisify } from 'node:util';

import Provider, { errors } from 'oidc-provider';
// The library's own in-memory store (the default, with no "exports" map in 9.13.3 to hide it):
// made here once and given to every instance, so that they share it (see `rotate_keys`).
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';

const USAGE = 'usage: provider.mjs --client-id ID --client-secret SECRET '
  + '[--redirect-uri URI]... [--access-ttl SECONDS] [--refresh-ttl SECONDS] [--resource URI]... '
  + '[--issued FILE] [--faults]';

function fail(message) {
  process.stderr.write(`provider.mjs: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function seconds(value, name) {
  if (!/^[1-9][0-9]*$/.test(value)) fail(`--${name} must be a positive whole number of seconds`);
  return Number(value);
}

let args;
try {
  ({ values: args } = parseArgs({
    strict: true,
    allowPositionals: false,
    options: {
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true, default: [] },
      'access-ttl': { type: 'string', default: '300' },
      'refresh-ttl': { type: 'string', default: '86400' },
      resource: { type: 'string', multiple: true, default: [] },
      issued: { type: 'string' },
      faults: { type: 'boolean', default: false },
    },
  }));
} catch (err) {
  fail(err.message);
}
if (!args['client-id']) fail('--client-id is required');
if (!args['client-secret']) fail('--client-secret is required');
// The client's redirect URIs: those given, and those registered on stdin since.
const redirects = [...args['redirect-uri']];
const accessTtl = seconds(args['access-ttl'], 'access-ttl');
const refreshTtl = seconds(args['refresh-ttl'], 'refresh-ttl');
const resources = new Set(args.resource);

// stdout carries the issuer line alone: the library's notices (console.info) go to stderr. The one
// warning about the request bodies read below (on purpose) is dropped.
console.log = console.error;
console.info = console.error;
const { warn } = console;
console.warn = (...what) => {
  if (!String(what[0]).includes('already parsed request body detected')) warn(...what);
};

// The server listens first, so that the issuer can carry its port.
const server = http.createServer();
await new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(0, '127.0.0.1', resolve);
});
server.on('error', (err) => console.error('provider.mjs: server error:', err));
const issuer = `http://127.0.0.1:${server.address().port}`;

// Fresh keys for every run, rather than the library's published development ones: the signing
// keys, newest first (`rotate_keys` adds to them), and the cookie keys.
const generateKeyPair = promisify(crypto.generateKeyPair);
let signed = 0;
async function signingKey() {
  const { privateKey } = await generateKeyPair('rsa', { modulusLength: 2048 });
  signed += 1;
  return { ...privateKey.export({ format: 'jwk' }), kid: `key-${signed}`, alg: 'RS256', use: 'sig' };
}
let signingKeys = [await signingKey()];
const cookieKeys = [crypto.randomBytes(32).toString('base64url')];
const store = createMemoryAdapter(0);

const scopes = ['openid', 'email', 'offline_access'];

// Everything but the signing keys is the same for every instance.
const configuration = (keys) => ({
  adapter: store,
  clients: redirects.length === 0 ? [] : [{
    client_id: args['client-id'],
    client_secret: args['client-secret'],
    redirect_uris: [...redirects],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    // A client with a secret may present it either way (basic or post): the library accepts both
    // for a client registered with either of the two.
    token_endpoint_auth_method: 'client_secret_basic',
  }],
  responseTypes: ['code'],
  clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
  // redirect_uri is required on every authorization request, even with a single one registered.
  allowOmittingSingleRegisteredRedirectUri: false,
  // Expiry is exact (the library allows 15 s by default): client and server share one clock.
  clockTolerance: 0,
  pkce: { required: () => true }, // S256 is the only method oidc-provider 9 knows
  scopes,
  claims: { openid: ['sub'], email: ['email', 'email_verified'] },
  jwks: { keys },
  cookies: { keys: cookieKeys },
  clientBasedCORS: () => false,
  features: {
    devInteractions: { enabled: true },
    revocation: {
      enabled: true,
      allowedPolicy: async (ctx, client, token) => token.clientId === client.clientId,
    },
    introspection: {
      enabled: true,
      allowedPolicy: async (ctx, client, token) => token.clientId === client.clientId,
    },
    userinfo: { enabled: true },
    resourceIndicators: {
      enabled: true,
      getResourceServerInfo: async (ctx, resource) => {
        if (!resources.has(resource)) {
          throw new errors.InvalidTarget('resource indicator is not known to this provider');
        }
        return {
          scope: 'mcp', audience: resource, accessTokenTTL: accessTtl, accessTokenFormat: 'opaque',
        };
      },
    },
  },
  findAccount: async (ctx, id) => ({
    accountId: id,
    claims: async () => ({ sub: id, email: `${id}@example.com`, email_verified: true }),
  }),
  issueRefreshToken: async (ctx, client, source) => client.grantTypeAllowed('refresh_token')
    && source.scopes.has('offline_access'),
  rotateRefreshToken: () => true,
  ttl: {
    AccessToken: accessTtl,
    AuthorizationCode: 60,
    IdToken: 300,
    RefreshToken: refreshTtl,
    Interaction: 600,
    Session: 3600,
    // The grant outlives its refresh tokens: it is what a refresh is checked against.
    Grant: refreshTtl + 3600,
  },
  // A plain error page (for requests that accept HTML), noted for the request's log line.
  renderError: async (ctx, out) => {
    ctx.state.oauthError = out;
    const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    ctx.type = 'html';
    ctx.body = `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>error</title></head><body>\n`
      + `<h1>oops! something went wrong</h1>\n${Object.entries(out)
        .map(([k, v]) => `<pre><strong>${escape(k)}</strong>: ${escape(v)}</pre>`).join('\n')}\n</body></html>\n`;
  },
});

function refuse(ctx, status, description) {
  ctx.state.oauthError = { error: 'invalid_request', error_description: description };
  ctx.status = status;
  ctx.type = 'text';
  ctx.body = `${description}\n`;
}

// The request's body, read here (at most 56 KiB, the library's own limit) and handed on to the
// library as read; or undefined, the request refused.
async function readBody(ctx) {
  const chunks = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += chunk.length;
    if (size > 56 * 1024) {
      refuse(ctx, 413, 'request entity too large');
      return undefined;
    }
    chunks.push(chunk);
  }
  const raw = Buffer.concat(chunks).toString('utf8');
  ctx.req.body = raw;
  return raw;
}

// Every grant issued and not destroyed (for `revoke_all`), whichever instance issued it.
const grants = new Set();

// `--faults`: what is queued for each endpoint, by path.
const endpoints = {
  token: '/token',
  revocation: '/token/revocation',
  userinfo: '/me',
  jwks: '/jwks',
  introspection: '/token/introspection',
};
const queued = new Map(Object.values(endpoints).map((path) => [path, []]));

// The clock's skew: every time oidc-provider reads, it reads through Date.now (its epochTime
// helper, its store's expiry), so shifting Date.now shifts its whole clock at once.
let skewMs = 0;
if (args.faults) {
  const realNow = Date.now;
  Date.now = () => realNow() + skewMs;
}

const build = (keys) => {
  const provider = new Provider(issuer, configuration(keys));

  // The errors the library reports by event (including the authorization errors that it sends
  // back to the redirect URI), kept for the request's log line; unexpected ones are printed whole.
  for (const event of [
    'authorization.error', 'grant.error', 'introspection.error', 'revocation.error',
    'userinfo.error', 'discovery.error', 'jwks.error', 'end_session.error',
    'pushed_authorization_request.error',
  ]) {
    provider.on(event, (ctx, err) => {
      ctx.state.oauthError = {
        error: err.error, error_description: err.error_description, detail: err.error_detail,
      };
    });
  }
  provider.on('server_error', (ctx, err) => console.error(`provider.mjs: server error on ${ctx.method} ${ctx.path}:`, err));
  provider.on('error', (err) => {
    if (!err.expose) console.error('provider.mjs: error:', err);
  });
  provider.on('grant.saved', (grant) => grants.add(grant.jti));
  provider.on('grant.destroyed', (grant) => grants.delete(grant.jti));

  // One line per request: method, path (never the query), status, the OAuth error if any, and
  // whether it was an injected fault.
  provider.use(async (ctx, next) => {
    try {
      await next();
    } finally {
      const e = ctx.state.oauthError ?? (ctx.status >= 400 && ctx.body?.error ? ctx.body : undefined);
      const why = e ? ` ${e.error}: ${e.error_description}${e.detail ? ` (${e.detail})` : ''}` : '';
      console.error(`${ctx.method} ${ctx.path} ${ctx.status}${why}${ctx.state.injected ? ' (injected)' : ''}`);
    }
  });

  if (args.faults) {
    provider.use(async (ctx, next) => {
      if (ctx.path === '/__test/faults') {
        await control(ctx);
        return;
      }
      const faults = queued.get(ctx.path);
      if (!faults?.length || ctx.method === 'OPTIONS') {
        await next();
        return;
      }
      let grantType;
      if (faults.some((f) => f.grantType !== undefined) && ctx.method === 'POST'
          && ctx.is('application/x-www-form-urlencoded')) {
        const raw = await readBody(ctx);
        if (raw === undefined) return;
        grantType = new URLSearchParams(raw).get('grant_type') ?? undefined;
      }
      const at = faults.findIndex((f) => f.grantType === undefined || f.grantType === grantType);
      if (at === -1) {
        await next();
        return;
      }
      const fault = faults[at];
      fault.times -= 1;
      if (fault.times === 0) faults.splice(at, 1);
      if (fault.stallMs !== undefined) {
        await new Promise((resolve) => { setTimeout(resolve, fault.stallMs); });
        await next();
        return;
      }
      if (fault.lateMs !== undefined) {
        await next();
        await new Promise((resolve) => { setTimeout(resolve, fault.lateMs); });
        return;
      }
      ctx.state.injected = true;
      ctx.status = fault.status;
      if (ctx.path === endpoints.userinfo && fault.status === 401) {
        ctx.set('WWW-Authenticate', `Bearer error="${fault.error}"`);
      }
      ctx.body = { error: fault.error, error_description: 'injected fault' };
    });
  }

  // `--issued FILE`: every token the token endpoint issues (access, refresh and ID tokens), one
  // per line, appended to FILE, so that a test can search everything the server under test
  // wrote, and find none of them. (A test file only: a real provider would never write its tokens
  // down.)
  if (args.issued) {
    provider.use(async (ctx, next) => {
      await next();
      if (ctx.path === '/token' && ctx.body && typeof ctx.body === 'object') {
        const tokens = ['access_token', 'refresh_token', 'id_token']
          .map((name) => ctx.body[name]).filter((token) => typeof token === 'string');
        if (tokens.length) appendFileSync(args.issued, tokens.map((t) => `${t}\n`).join(''));
      }
    });
  }

  // The library's pages load a web font from the Internet: they are served without it, so that a
  // browser driven by a test asks nothing of any host but this one.
  provider.use(async (ctx, next) => {
    await next();
    if (typeof ctx.body === 'string' && ctx.response.is('html')) {
      ctx.body = ctx.body.replace(/@import url\(https:\/\/fonts\.googleapis\.com[^)]*\);/g, '');
    }
  });

  // The development sign-in page asks for a password but the library never looks at it: refuse
  // an empty login or password here.
  provider.use(async (ctx, next) => {
    if (ctx.method === 'POST' && /^\/interaction\/[^/]+$/.test(ctx.path)
        && ctx.is('application/x-www-form-urlencoded')) {
      const raw = await readBody(ctx);
      if (raw === undefined) return;
      const form = new URLSearchParams(raw);
      if (form.get('prompt') === 'login' && (!form.get('login') || !form.get('password'))) {
        refuse(ctx, 400, 'login and password must not be empty');
        return;
      }
    }
    await next();
  });

  return provider;
};

// The library checks a configured client only when it is first used: check it now, so that a
// mistaken argument stops the start (or a rotation) rather than the first request.
const checked = async (provider) => {
  if (redirects.length > 0) await provider.Client.find(args['client-id']);
  return provider;
};

// A new instance replaces the one serving (keys rotated, a redirect URI registered), one change
// at a time, each made on the one before.
let changes = Promise.resolve();
const change = (what) => {
  const done = changes.then(what);
  changes = done.catch(() => {});
  return done;
};

let provider;
try {
  provider = await checked(build(signingKeys));
} catch (err) {
  fail(`the client is invalid: ${err.error_description ?? err.message}`);
}
let handle = provider.callback();
server.on('request', (req, res) => handle(req, res));

// A command of `POST /__test/faults` (see the top), checked whole before anything is done.
class BadCommand extends Error {}

function parseCommand(body) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new BadCommand('the command must be a JSON object');
  }
  const only = (...known) => {
    const unknown = Object.keys(body).find((key) => !known.includes(key));
    if (unknown !== undefined) {
      throw new BadCommand(`unexpected field \`${unknown}\` beside \`${known[0]}\`, expected only ${known.map((k) => `\`${k}\``).join(', ')}`);
    }
  };
  const whole = (name, min, max) => {
    const value = body[name];
    if (value === undefined) {
      throw new BadCommand(`\`${name}\` is missing: a whole number from ${min} to ${max}`);
    }
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new BadCommand(`\`${name}\` must be a whole number from ${min} to ${max}, not ${JSON.stringify(value)}`);
    }
    return value;
  };
  const literal = (name, values) => {
    if (!values.includes(body[name])) {
      throw new BadCommand(`\`${name}\` must be ${values.map((v) => JSON.stringify(v)).join(' or ')}, not ${JSON.stringify(body[name])}`);
    }
    return body[name];
  };

  if ('endpoint' in body) {
    const path = endpoints[literal('endpoint', Object.keys(endpoints))];
    const fault = { times: whole('times', 1, 1000) };
    if ('grant_type' in body) {
      if (path !== endpoints.token) {
        throw new BadCommand('`grant_type` applies to the `token` endpoint only');
      }
      if (typeof body.grant_type !== 'string' || !body.grant_type) {
        throw new BadCommand('`grant_type` must be a non-empty string');
      }
      fault.grantType = body.grant_type;
    }
    if ('stall_ms' in body) {
      only('endpoint', 'stall_ms', 'times', 'grant_type');
      fault.stallMs = whole('stall_ms', 1, 60000);
    } else if ('late_ms' in body) {
      only('endpoint', 'late_ms', 'times', 'grant_type');
      fault.lateMs = whole('late_ms', 1, 60000);
    } else if ('status' in body) {
      only('endpoint', 'status', 'error', 'times', 'grant_type');
      fault.status = whole('status', 400, 599);
      fault.error = body.error ?? 'server_error';
      // RFC 6749's characters of an error code (no quote or backslash: it goes in a header too).
      if (typeof fault.error !== 'string' || !/^[\x20\x21\x23-\x5B\x5D-\x7E]+$/.test(fault.error)) {
        throw new BadCommand('`error` must be an OAuth error code (printable ASCII, no `"` or `\\`)');
      }
    } else {
      throw new BadCommand('a command for an `endpoint` needs `status` (a failure), `stall_ms` (a stall) or `late_ms` (a late answer)');
    }
    return async () => { queued.get(path).push(fault); };
  }
  if ('rotate_keys' in body) {
    only('rotate_keys');
    const how = literal('rotate_keys', ['add', 'replace']);
    return () => change(async () => {
      const key = await signingKey();
      const keys = how === 'add' ? [key, ...signingKeys] : [key];
      provider = await checked(build(keys));
      signingKeys = keys;
      handle = provider.callback();
    });
  }
  if ('clock_skew_s' in body) {
    only('clock_skew_s');
    const skew = whole('clock_skew_s', -31536000, 31536000);
    return async () => { skewMs = skew * 1000; };
  }
  if ('revoke_all' in body) {
    only('revoke_all');
    literal('revoke_all', [true]);
    return async () => {
      for (const grantId of [...grants]) {
        await Promise.all([provider.AccessToken, provider.RefreshToken, provider.AuthorizationCode]
          .map((model) => model.revokeByGrantId(grantId)));
        await provider.Grant.adapter.destroy(grantId);
        grants.delete(grantId);
      }
    };
  }
  if ('clear' in body) {
    only('clear');
    literal('clear', [true]);
    return async () => {
      for (const faults of queued.values()) faults.length = 0;
      skewMs = 0;
    };
  }
  throw new BadCommand('expected a command: `endpoint`, `rotate_keys`, `clock_skew_s`, `revoke_all` or `clear`');
}

async function control(ctx) {
  const answer = (status, body) => {
    ctx.status = status;
    ctx.body = body;
  };
  if (ctx.method !== 'POST') {
    ctx.set('Allow', 'POST');
    answer(405, { error: 'invalid_request', error_description: 'only POST' });
    return;
  }
  if (!ctx.is('application/json')) {
    answer(400, { error: 'invalid_request', error_description: 'the command must be sent as application/json' });
    return;
  }
  const raw = await readBody(ctx);
  if (raw === undefined) return;
  let run;
  try {
    run = parseCommand(JSON.parse(raw));
  } catch (err) {
    if (!(err instanceof BadCommand || err instanceof SyntaxError)) throw err;
    answer(400, { error: 'invalid_request', error_description: err instanceof SyntaxError ? `the command is not JSON: ${err.message}` : err.message });
    return;
  }
  await run();
  answer(200, { ok: true });
}

// Started: from now on keep running whatever happens (a test reads what went wrong on stderr).
// A failure before this point ends the process instead, without the issuer line.
process.on('uncaughtException', (err) => console.error('provider.mjs: uncaught exception:', err));
process.on('unhandledRejection', (err) => console.error('provider.mjs: unhandled rejection:', err));

process.stdout.write(`issuer ${issuer}\n`);

// `redirect-uri URI` lines on stdin (see the top): each registered, then answered.
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  const uri = line.startsWith('redirect-uri ') ? line.slice('redirect-uri '.length).trim() : '';
  change(async () => {
    if (!uri) throw new Error(`expected \`redirect-uri URI\`, not ${JSON.stringify(line)}`);
    redirects.push(uri);
    try {
      provider = await checked(build(signingKeys));
    } catch (err) {
      redirects.pop();
      throw err;
    }
    handle = provider.callback();
  }).then(
    () => process.stdout.write(`registered ${uri}\n`),
    (err) => process.stdout.write(`refused ${uri}: ${err.error_description ?? err.message}\n`),
  );
});
