import { type Kysely, sql } from 'kysely';

/**
 * The site's own pages that operators edit: `site_pages`, one row per page keyed by `slug`
 * (`terms`, `privacy`), with its title and body (plain text: paragraphs split by a blank line,
 * `## ` headings, `- ` list items; shown as text, never as HTML), who last changed it and when.
 * Seeds a default Terms of sale and Privacy notice for a Malawian auctioneer; an operator's
 * edits are kept when the migration runs again. Source: issue 20 item 5.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE site_pages (
    id bigserial PRIMARY KEY,
    slug text NOT NULL UNIQUE,
    title text NOT NULL,
    body text NOT NULL,
    updated_by bigint REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  for (const page of DEFAULT_PAGES) {
    await sql`INSERT INTO site_pages (slug, title, body) VALUES (${page.slug}, ${page.title}, ${page.body}) ON CONFLICT (slug) DO NOTHING`.execute(db);
  }
}

/** Drops the pages (and operators' edits). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS site_pages`.execute(db);
}

const TERMS = `These terms apply to everything you buy or bid on through Gavel: daily sales, online auctions and live auctions, whether you bid online or in the room. By creating an account, registering for a live auction or placing an order you accept them. Please read them before you bid: a bid is an offer to buy that you cannot withdraw.

## Who we are
Gavel is the online sale room of a Malawian firm of auctioneers, valuers and estate agents with yards in Blantyre, Lilongwe, Mzuzu and Zomba. We sell as agents for the owners of the goods (banks, companies, estates and private sellers) unless a lot says otherwise.

## Prices and the buyer's premium
- All prices are in Malawi kwacha (MK).
- Daily-sale prices and online winning bids are the full price you pay: no buyer's premium is added online.
- Where a live auction charges a buyer's premium, its catalogue and the auctioneer say so before the sale begins, and it is added to the hammer price on your invoice.
- Reserve prices are not shown. A lot that closes below its reserve is not sold.

## Bidding
- You need an account to bid. Your highest bid when a lot closes wins it, and binds you to buy it.
- A bid placed in the last minutes of an online auction may extend its closing time, so everyone has a fair chance to answer it.
- We may refuse or remove a bid that is plainly mistaken or made in bad faith, and block accounts that do not pay for lots they have won.

## Live auctions and deposits
- To bid in a live auction you register with the reference of a refundable deposit paid at the bank. We check the deposit, usually within one working day, before you can bid.
- If you win, your deposit counts towards the price. If you do not win, it is refunded to the account it came from within 7 working days of the sale.
- If you win and do not pay, the deposit may be kept to cover our costs and the lot may be offered again.

## Paying
- Online you can pay by DPO Pay (card, Airtel Money, TNM Mpamba or bank transfer). DPO Pay accepts up to MK 999,999.99 per order: for a larger order choose cash on delivery or split your order.
- Won lots are to be paid within 3 working days of the close of the auction.
- Property and vehicles may need a signed agreement of sale before transfer; we tell you what is needed when you win.

## Cash on delivery reservations
- Daily-sale goods may be reserved for cash on delivery. A reservation holds the goods for the number of hours shown when you order (48 hours unless we say otherwise).
- Pay in cash at the branch within that time. After it the reservation ends, the order is cancelled and the goods go back on sale.

## Collection
- Goods are sold as seen, with any faults, at the branch shown on the lot. Inspect before you bid: viewing is open in branch hours.
- Collect paid goods within 7 days of payment, with your order reference and an identity document. After that we may charge storage.
- Risk in the goods passes to you on payment. Loading and transport are your responsibility unless agreed in writing.

## Cancellations and refunds
A winning bid or a paid order cannot be cancelled, except where the law gives you that right or the lot was not as described. If we cannot deliver a lot you paid for, we refund you in full.

## Questions
Call +265 1 820 000 (Blantyre) or +265 1 750 000 (Lilongwe), or e-mail info@gavel.mw. Offices are open Monday to Friday 8:00 to 17:00 and Saturday 9:00 to 15:00.`;

const PRIVACY = `This notice explains what personal data Gavel keeps about you, why, for how long, who sees it, and how to ask us to remove it. We follow the data protection law of Malawi.

## What we keep and why
- Your account: name, e-mail address, phone number and password (stored only as a one-way hash). We need them to sign you in and to contact you about your bids and orders.
- Your bids, watchlist and orders, with their dates and amounts. They are the record of the contracts you make with us and the sellers.
- Billing addresses you give at checkout, used for invoices and receipts.
- Live-auction registrations: the deposit reference you give, so we can match it to the bank's record of your deposit.
- Technical records: sign-in sessions, the address your device connected from, and an audit trail of changes to orders, registrations and accounts. We use them to keep accounts safe and to settle disputes.
- Newsletter sign-ups, only if you ask for the newsletter.

## Who sees it
- Our staff who run sales, payments and collections.
- DPO Pay, when you pay online: they receive your name, contact details and the amount to process the payment.
- Our bank, to confirm a deposit reference.
- Other bidders see the name shown beside a bid in a lot's bid history. We may show it shortened.
- Authorities, where the law requires it. We never sell your data.

## How long we keep it
- Orders, payments, bids and deposit records: 7 years after the sale, as tax and accounting law requires.
- Accounts with no bids or orders: deleted 2 years after their last sign-in.
- Sign-in sessions: until they expire or you sign out. Newsletter sign-ups: until you unsubscribe.

## Your rights
You may ask to see the data we hold about you, to correct it, or to have your account removed. We answer within 30 days. Records we must keep by law (orders and payments) are kept, but detached from your contact details where we can.

## How to ask
E-mail privacy@gavel.mw, or write to Gavel, Ginnery Corner, Blantyre, from the e-mail address of your account. You can correct your name, e-mail, phone and billing address yourself on your profile page.`;

/** The default pages. */
const DEFAULT_PAGES = [
  { slug: 'terms', title: 'Terms of sale', body: TERMS },
  { slug: 'privacy', title: 'Privacy notice', body: PRIVACY },
];
