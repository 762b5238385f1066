interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The newest password-reset link the embedded app's dev mailbox holds for `email`. */
export async function resetLinkFor(baseUrl: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const mails = (await (await fetch(`${baseUrl}/dev/mailbox?format=json`)).json()) as Mail[];
    const mail = mails.find((m) => m.to === email);
    const link = mail ? /(https?:\/\/\S+\?reset=\S+)/.exec(mail.text)?.[1] : undefined;
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no reset e-mail for ${email} in the dev mailbox`);
}
