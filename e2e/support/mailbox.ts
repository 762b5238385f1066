interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The newest link matching `pattern` (its first group) that the embedded app's dev mailbox holds for `email`. */
async function linkFor(baseUrl: string, email: string, pattern: RegExp, what: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const mails = (await (await fetch(`${baseUrl}/dev/mailbox?format=json`)).json()) as Mail[];
    const mail = mails.find((m) => m.to === email && pattern.test(m.text));
    const link = mail ? pattern.exec(mail.text)?.[1] : undefined;
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${what} e-mail for ${email} in the dev mailbox`);
}

/** The newest password-reset link the embedded app's dev mailbox holds for `email`. */
export const resetLinkFor = (baseUrl: string, email: string): Promise<string> =>
  linkFor(baseUrl, email, /(https?:\/\/\S+\?reset=\S+)/, 'reset');

/** The newest admin-address confirmation link (ADMIN_EMAILS) the dev mailbox holds for `email`. */
export const adminLinkFor = (baseUrl: string, email: string): Promise<string> =>
  linkFor(baseUrl, email, /(https?:\/\/\S+\?verify-admin=\S+)/, 'admin verification');
