// The returning player the page benchmarks load `/` as, signed up through the API.

const CREDENTIALS = { email: 'bench.web@example.com', password: 'bench-web-pass' };
const ATTEMPTS = 5;

export interface Cookie {
  name: string;
  value: string;
}

function cookieOf(res: Response): Cookie {
  const [name, value] = (res.headers.get('set-cookie') ?? '').split(';')[0]!.split('=') as [string, string];
  return { name, value };
}

/**
 * Posts the credentials and hands each answer, with its attempt number, to `done`: true returns it.
 * Otherwise a server error is tried again, up to ATTEMPTS times (right after start, on a busy
 * machine, the gateway may give up on identity with 504), and any other answer is a failure.
 */
async function postCredentials(
  url: string,
  done: (res: Response, attempt: number) => boolean,
): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CREDENTIALS),
    });
    if (done(res, attempt)) return res;
    if (res.status < 500 || attempt === ATTEMPTS)
      throw new Error(`${new URL(url).pathname} answered ${res.status}: ${await res.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
}

/** A returning player: signed up once, the starter-pack reveal seen. */
export async function signUp(baseUrl: string): Promise<void> {
  // A sign-up that timed out at the gateway may still have happened: a retry then finds the account (409).
  await postCredentials(
    `${baseUrl}/api/register`,
    (res, attempt) => res.status === 201 || (res.status === 409 && attempt > 1),
  );
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
  return cookieOf(await postCredentials(`${baseUrl}/api/login`, (res) => res.status === 200));
}
