import Handlebars from 'handlebars';

/** The auctioneer as notification mails sign them (the firm's head office). */
export const AUCTIONEER = { name: 'Gavel Auctions', address: 'Ginnery Corner, Blantyre, Malawi', phone: '+265 1 820 000' } as const;

/** What a notification mail shows. `url` and `unsubscribeUrl` are absolute. */
export interface MailView {
  recipientName: string;
  title: string;
  body: string;
  url: string | null;
  /** The button's words (default "Open in Gavel"). */
  buttonLabel?: string;
  /** The one-click unsubscribe link of notification mails; null for account mails (password reset). */
  unsubscribeUrl: string | null;
  /** A line in the footer instead of the unsubscribe line (why this mail came). */
  note?: string;
}

/** Our own Handlebars, holding the layout every mail shares. */
const hbs = Handlebars.create();

/**
 * The frame of every mail: the auctioneer's name at the top, "Dear {name}", the mail's own
 * content (the partial block), and the footer with the auctioneer's address and either the
 * unsubscribe link or `note`. Values are escaped; URLs we build are inserted as they are.
 */
hbs.registerPartial(
  'layout',
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{{subject}}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e4e7eb;font-size:18px;font-weight:bold;color:#0b4f8a">{{auctioneer.name}}</td></tr>
<tr><td style="padding:24px">
<p style="margin:0 0 12px">Dear {{recipientName}},</p>
{{> @partial-block }}
{{#if url}}<p style="margin:20px 0 8px"><a href="{{{url}}}" style="display:inline-block;background:#0b4f8a;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">{{buttonLabel}}</a></p>{{/if}}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e7eb;font-size:12px;color:#616e7c;line-height:1.5">
{{auctioneer.name}} · {{auctioneer.address}} · {{auctioneer.phone}}<br>
{{#if unsubscribeUrl}}You receive this because of your account settings. <a href="{{{unsubscribeUrl}}}" style="color:#616e7c">Stop these e-mails</a>.{{else}}{{note}}{{/if}}
</td></tr></table></td></tr></table></body></html>`,
);

const html = hbs.compile<MailView & { auctioneer: typeof AUCTIONEER; subject: string }>(
  `{{#> layout}}<h1 style="margin:0 0 12px;font-size:20px">{{title}}</h1>
<p style="margin:0;line-height:1.5">{{body}}</p>{{/layout}}`,
);

const text = hbs.compile<MailView & { auctioneer: typeof AUCTIONEER }>(
  `Dear {{recipientName}},

{{title}}

{{body}}
{{#if url}}
{{buttonLabel}}: {{url}}
{{/if}}
--
{{auctioneer.name}}, {{auctioneer.address}}, {{auctioneer.phone}}
{{#if unsubscribeUrl}}Stop these e-mails: {{unsubscribeUrl}}{{else}}{{note}}{{/if}}
`,
  { noEscape: true },
);

/** A notification mail's subject, HTML (every value escaped) and plain-text bodies. Source: issue 16 "E-mail". */
export function renderNotificationMail(view: MailView): { subject: string; html: string; text: string } {
  const data = { buttonLabel: 'Open in Gavel', ...view, auctioneer: AUCTIONEER, subject: view.title };
  return { subject: view.title, html: html(data), text: text(data) };
}

/**
 * The password reset mail: the link (valid 60 minutes, once) and what to do if it was not
 * them. Source: issue 16 "Mail the product already promises".
 */
export function renderPasswordResetMail(view: { recipientName: string; url: string }): { subject: string; html: string; text: string } {
  return renderNotificationMail({
    recipientName: view.recipientName,
    title: 'Choose a new password',
    body: 'Someone, probably you, asked to reset the password of your Gavel account. The link below works once, for the next 60 minutes.',
    url: view.url,
    buttonLabel: 'Choose a new password',
    unsubscribeUrl: null,
    note: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  });
}

/** What a receipt says about collecting (the Terms of sale: within 7 days, with the reference and an identity document). */
const COLLECTION_NOTE = 'Collect paid goods within 7 days with this reference and an identity document.';

/** A paid order's receipt as its mail shows it (amounts in MWK, already formatted). */
export interface ReceiptView {
  recipientName: string;
  reference: string;
  lines: { name: string; quantity: number; unitPrice: string; amount: string }[];
  total: string;
  method: string;
  paymentReference: string | null;
  paidAt: string;
  url: string;
}

const receiptHtml = hbs.compile<ReceiptView & { auctioneer: typeof AUCTIONEER; subject: string; buttonLabel: string; note: string }>(
  `{{#> layout}}<h1 style="margin:0 0 12px;font-size:20px">Payment received: {{reference}}</h1>
<p style="margin:0 0 16px;line-height:1.5">Thank you. This is your receipt.</p>
<table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-collapse:collapse;font-size:14px">
<tr style="background:#f4f5f7"><th align="left">Item</th><th align="right">Qty</th><th align="right">Price</th><th align="right">Amount</th></tr>
{{#each lines}}<tr style="border-bottom:1px solid #e4e7eb"><td>{{name}}</td><td align="right">{{quantity}}</td><td align="right">{{unitPrice}}</td><td align="right">{{amount}}</td></tr>{{/each}}
<tr><td colspan="3" align="right"><strong>Total paid</strong></td><td align="right"><strong>{{total}}</strong></td></tr>
</table>
<p style="margin:16px 0 0;line-height:1.6;font-size:14px">Paid by {{method}}{{#if paymentReference}}, reference {{paymentReference}}{{/if}}, on {{paidAt}}.</p>{{/layout}}`,
);

const receiptText = hbs.compile<ReceiptView & { auctioneer: typeof AUCTIONEER }>(
  `Dear {{recipientName}},

Payment received: {{reference}}
Thank you. This is your receipt.

{{#each lines}}{{quantity}} x {{name}} at {{unitPrice}} = {{amount}}
{{/each}}
Total paid: {{total}}
Paid by {{method}}{{#if paymentReference}}, reference {{paymentReference}}{{/if}}, on {{paidAt}}.

Your orders: {{url}}
--
{{auctioneer.name}}, {{auctioneer.address}}, {{auctioneer.phone}}
{{note}}
`,
  { noEscape: true },
);

/** A paid order's receipt mail: subject, HTML (every value escaped) and text. Source: issue 16 "Mail the product already promises". */
export function renderReceiptMail(view: ReceiptView): { subject: string; html: string; text: string } {
  const subject = `Receipt for order ${view.reference}`;
  const data = { ...view, auctioneer: AUCTIONEER, subject, buttonLabel: 'Your orders', note: COLLECTION_NOTE, unsubscribeUrl: null };
  return { subject, html: receiptHtml(data), text: receiptText(data) };
}
