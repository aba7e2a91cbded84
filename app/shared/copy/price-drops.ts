// The words of a price drop (ADR 086), shared by the bell's menu and the e-mails.

/** '{title} dropped from $80 to $60'. */
export const priceDropLine = (title: string, from: string, to: string) => `${title} dropped from ${from} to ${to}`;
