// The returning player the page benchmarks load `/` as, signed up through the API.

const CREDENTIALS = { email: 'bench.web@example.com', password: 'bench-web-pass' };

export interface Cookie {
  name: string;
  value: string;
}

function cookieOf(res: Response): Cookie {
  const [name, value] = (res.headers.get('set-cookie') ?? '').split(';')[0]!.split('=') as [string, string];
  return { name, value };
}

/** A returning player: signed up once, the starter-pack reveal seen. */
export async function signUp(baseUrl: string): Promise<void> {
  // Right after start, on a busy machine, the sign-up may time out at the gateway (504) and still
  // happen: a retry then finds the account (409).
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CREDENTIALS),
    });
    if (res.status === 201 || (res.status === 409 && attempt > 1)) break;
    if (res.status < 500 || attempt === 5)
      throw new Error(`register answered ${res.status}: ${await res.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
  const { name, value } = await signIn(baseUrl);
  const revealed = await fetch(`${baseUrl}/api/user/starter-pack/revealed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${name}=${value}` },
    body: '{}',
  });
  if (!revealed.ok) throw new Error(`starter-pack/revealed answered ${revealed.status}`);
}

/** A fresh session for each load: a session outlives one load, not the whole benchmark. */
export async function signIn(baseUrl: string): Promise<Cookie> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CREDENTIALS),
    });
    if (res.status === 200) return cookieOf(res);
    // A busy machine can make the gateway give up on identity (504): try again.
    if (res.status < 500 || attempt === 5)
      throw new Error(`login answered ${res.status}: ${await res.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
}
