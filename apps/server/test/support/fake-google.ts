import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type FakeToken = { aud: string; sub: string; name: string; picture: string; expired?: boolean };

/**
 * Google's token endpoints as seen by our server, on loopback: tokeninfo (who the token was
 * issued to) and the OpenID userinfo. Tokens are registered by the test: in process through
 * `tokens`, or from another process with `POST /tokens {token, aud, sub, name, picture}`.
 */
export async function startFakeGoogle(port = 0) {
  const tokens = new Map<string, FakeToken>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && url.pathname === '/tokens') {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        const { token, ...entry } = JSON.parse(body) as FakeToken & { token: string };
        tokens.set(token, entry);
        res.statusCode = 204;
        res.end();
      });
      return;
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '');
    const token = url.pathname === '/tokeninfo' ? url.searchParams.get('access_token') : bearer;
    const entry = token ? tokens.get(token) : undefined;
    res.setHeader('content-type', 'application/json');
    if (!entry || entry.expired) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: 'invalid_token', error_description: 'Invalid Value' }));
      return;
    }
    if (url.pathname === '/tokeninfo') {
      res.end(
        JSON.stringify({
          aud: entry.aud,
          azp: entry.aud,
          sub: entry.sub,
          expires_in: '3599',
          scope: 'openid profile',
        }),
      );
    } else if (url.pathname === '/userinfo') {
      res.end(
        JSON.stringify({
          sub: entry.sub,
          name: entry.name,
          picture: entry.picture,
          email: `${entry.sub}@gmail.example`,
        }),
      );
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: { GOOGLE_TOKENINFO_URL: `${base}/tokeninfo`, GOOGLE_USERINFO_URL: `${base}/userinfo` },
    tokens,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
