// A real, strict OAuth 2.1 / OpenID Connect provider for end-to-end tests: panva's certified
// oidc-provider with one confidential client, in memory, on 127.0.0.1 and a free port.
//
//   node provider.mjs --client-id ID --client-secret SECRET --redirect-uri URI [--redirect-uri URI]...
//                     [--access-ttl SECONDS (300)] [--refresh-ttl SECONDS (86400)] [--resource URI]...
//                     [--issued FILE]
//
// The first line on stdout is `issuer http://127.0.0.1:PORT`; everything else goes to stderr (one
// line per request: method, path, status, and the OAuth error if there was one; never a token).
// It runs until killed.
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
// Revocation (RFC 7009), introspection (RFC 7662) and userinfo are on.

import * as crypto from 'node:crypto';
import * as http from 'node:http';
import { parseArgs } from 'node:util';

import Provider, { errors } from 'oidc-provider';

const USAGE = 'usage: provider.mjs --client-id ID --client-secret SECRET --redirect-uri URI '
  + '[--redirect-uri URI]... [--access-ttl SECONDS] [--refresh-ttl SECONDS] [--resource URI]... '
  + '[--issued FILE]';

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
      'redirect-uri': { type: 'string', multiple: true },
      'access-ttl': { type: 'string', default: '300' },
      'refresh-ttl': { type: 'string', default: '86400' },
      resource: { type: 'string', multiple: true, default: [] },
      issued: { type: 'string' },
    },
  }));
} catch (err) {
  fail(err.message);
}
if (!args['client-id']) fail('--client-id is required');
if (!args['client-secret']) fail('--client-secret is required');
if (!args['redirect-uri']?.length) fail('at least one --redirect-uri is required');
const accessTtl = seconds(args['access-ttl'], 'access-ttl');
const refreshTtl = seconds(args['refresh-ttl'], 'refresh-ttl');
const resources = new Set(args.resource);

// stdout carries the issuer line alone: the library's notices (console.info) go to stderr. The one
// warning about the sign-in body read below (on purpose) is dropped.
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

// Fresh keys for every run, rather than the library's published development ones.
const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test', alg: 'RS256', use: 'sig' };

const scopes = ['openid', 'email', 'offline_access'];

const configuration = {
  clients: [{
    client_id: args['client-id'],
    client_secret: args['client-secret'],
    redirect_uris: args['redirect-uri'],
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
  jwks: { keys: [signingKey] },
  cookies: { keys: [crypto.randomBytes(32).toString('base64url')] },
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
};

const provider = new Provider(issuer, configuration);

// The errors the library reports by event (including the authorization errors that it sends back
// to the redirect URI), kept for the request's log line; unexpected ones are printed whole.
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

// One line per request: method, path (never the query), status, and the OAuth error if any.
provider.use(async (ctx, next) => {
  try {
    await next();
  } finally {
    const e = ctx.state.oauthError ?? (ctx.status >= 400 && ctx.body?.error ? ctx.body : undefined);
    const why = e ? ` ${e.error}: ${e.error_description}${e.detail ? ` (${e.detail})` : ''}` : '';
    console.error(`${ctx.method} ${ctx.path} ${ctx.status}${why}`);
  }
});

// `--issued FILE`: every token the token endpoint issues (access, refresh and ID tokens), one per
// line, appended to FILE, so that a test can search everything the server under test wrote, and
// find none of them. (A test file only: a real provider would never write its tokens down.)
if (args.issued) {
  const { appendFileSync } = await import('node:fs');
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

function refuse(ctx, status, description) {
  ctx.state.oauthError = { error: 'invalid_request', error_description: description };
  ctx.status = status;
  ctx.type = 'text';
  ctx.body = `${description}\n`;
}

// The development sign-in page asks for a password but the library never looks at it: refuse an
// empty login or password here. The body read here is handed on to the library as read.
provider.use(async (ctx, next) => {
  if (ctx.method === 'POST' && /^\/interaction\/[^/]+$/.test(ctx.path)
      && ctx.is('application/x-www-form-urlencoded')) {
    const chunks = [];
    let size = 0;
    for await (const chunk of ctx.req) {
      size += chunk.length;
      if (size > 56 * 1024) {
        refuse(ctx, 413, 'request entity too large');
        return;
      }
      chunks.push(chunk);
    }
    const raw = Buffer.concat(chunks).toString('utf8');
    const form = new URLSearchParams(raw);
    if (form.get('prompt') === 'login' && (!form.get('login') || !form.get('password'))) {
      refuse(ctx, 400, 'login and password must not be empty');
      return;
    }
    ctx.req.body = raw;
  }
  await next();
});

// The library checks a configured client only when it is first used: check it now, so that a
// mistaken argument stops the start rather than the first request.
try {
  await provider.Client.find(args['client-id']);
} catch (err) {
  fail(`the client is invalid: ${err.error_description ?? err.message}`);
}

server.on('request', provider.callback());

// Started: from now on keep running whatever happens (a test reads what went wrong on stderr).
// A failure before this point ends the process instead, without the issuer line.
process.on('uncaughtException', (err) => console.error('provider.mjs: uncaught exception:', err));
process.on('unhandledRejection', (err) => console.error('provider.mjs: unhandled rejection:', err));

process.stdout.write(`issuer ${issuer}\n`);
