import { randomBytes, randomUUID } from 'node:crypto';
import express, { Router } from 'express';
import { buildApi3g, childOf, parseApi3g, textOf, type XmlNode } from '../dpo/dpo-xml.js';
import { renderPaymentPage, renderMessagePage } from './simulator-page.js';

/** Where the simulator is mounted on Gavel's own server. */
export const DPO_SIMULATOR_BASE = '/dpo-simulator';
/** Company token the simulator accepts when none is configured. */
export const SIMULATOR_COMPANY_TOKEN = 'GAVEL-SIMULATOR-COMPANY-TOKEN';
/** Service type used with the simulator when none is configured. */
export const SIMULATOR_SERVICE_TYPE = '5525';

const CURRENCIES = ['MWK', 'USD', 'EUR', 'GBP', 'ZAR'];
/** Per-transaction limit of the simulator (MWK): DPO answers 905 above it. Source: spec/shopping.md §9. */
const MAX_AMOUNT = 999_999.99;

/** One simulated transaction. */
export interface SimulatedTransaction {
  token: string;
  transRef: string;
  companyRef: string;
  amount: number;
  currency: string;
  redirectUrl: string;
  backUrl: string;
  description: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  createdAt: number;
  ptlMs: number;
  state: 'pending' | 'paid' | 'declined' | 'cancelled';
  approval: string | null;
}

/** A failure the next API call (or every call while `sticky`) answers, for tests of the error mapping. */
export type SimulatorFault =
  | { kind: 'result'; code: string; explanation: string; sticky?: boolean }
  | { kind: 'non_xml'; status?: number; body?: string; sticky?: boolean }
  | { kind: 'timeout'; ms: number; sticky?: boolean };

/**
 * A local DPO Pay: the same XML API (createToken, verifyToken) with its result codes — 801/802
 * company token, 803 request, 804 XML, 902 missing field, 904 currency, 905 amount limit, 940
 * CompanyRef already paid, 960 repeated tag — and a payment page (`payv2.php?ID=`) where a person
 * or a test approves (redirect to RedirectURL with TransID, CCDapproval, PnrID, TransactionToken,
 * CompanyRef), declines or cancels (redirect to BackURL with TransactionToken, CompanyRef).
 * verifyToken answers by state: 900 before a decision, 000 after approval, 901 declined, 904
 * cancelled, 903 when the payment time limit passed. Transactions live in memory.
 * Source: providers/dpo-pay.md "The local simulator".
 */
export class DpoSimulator {
  readonly transactions = new Map<string, SimulatedTransaction>();
  private faults: SimulatorFault[] = [];

  constructor(private readonly opts: { companyToken: string }) {}

  /** Makes the next API call fail as described (or every call, with `sticky`), until {@link clearFaults}. */
  injectFault(fault: SimulatorFault): void {
    this.faults.push(fault);
  }

  /** Removes every injected fault. */
  clearFaults(): void {
    this.faults = [];
  }

  /** The transaction of a CompanyRef (the latest), if any. */
  findByCompanyRef(companyRef: string): SimulatedTransaction | undefined {
    return [...this.transactions.values()].filter((t) => t.companyRef === companyRef).at(-1);
  }

  /** Decides a transaction as the payment page's buttons do; answers the redirect target. */
  decide(token: string, decision: 'approve' | 'decline' | 'cancel'): string | null {
    const tx = this.transactions.get(token);
    if (!tx) return null;
    if (tx.state === 'pending' && !this.expired(tx)) {
      if (decision === 'approve') {
        tx.state = 'paid';
        tx.approval = String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000));
      } else {
        tx.state = decision === 'decline' ? 'declined' : 'cancelled';
      }
    }
    if (tx.state === 'paid') {
      return appendQuery(tx.redirectUrl, {
        TransID: tx.transRef,
        CCDapproval: tx.approval ?? '',
        PnrID: tx.companyRef,
        TransactionToken: tx.token,
        CompanyRef: tx.companyRef,
      });
    }
    return appendQuery(tx.backUrl, { TransactionToken: tx.token, CompanyRef: tx.companyRef });
  }

  private expired(tx: SimulatedTransaction): boolean {
    return tx.state === 'pending' && Date.now() - tx.createdAt > tx.ptlMs;
  }

  /** Answers one API request body (XML text) with the response XML. */
  handleApi(body: string): string {
    const reply = (fields: XmlNode) => buildApi3g(fields);
    const doc = parseApi3g(body);
    if (!doc) return reply({ Result: '804', ResultExplanation: 'Error in XML' });
    const companyToken = textOf(doc, 'CompanyToken');
    if (!companyToken) return reply({ Result: '801', ResultExplanation: 'Request missing company token' });
    if (companyToken !== this.opts.companyToken) return reply({ Result: '802', ResultExplanation: 'Invalid company token' });
    for (const [tag, value] of Object.entries(doc))
      if (Array.isArray(value)) return reply({ Result: '960', ResultExplanation: `Tag ${tag} sent more than once` });
    switch (textOf(doc, 'Request')) {
      case 'createToken':
        return reply(this.createToken(doc));
      case 'verifyToken':
        return reply(this.verifyToken(doc));
      default:
        return reply({ Result: '803', ResultExplanation: 'No request or error in Request type name' });
    }
  }

  private createToken(doc: XmlNode): XmlNode {
    const tr = childOf(doc, 'Transaction');
    const service = childOf(childOf(doc, 'Services'), 'Service');
    if (!tr) return { Result: '902', ResultExplanation: 'Request missing transaction level mandatory fields - Transaction' };
    for (const [tag, value] of Object.entries(tr)) if (Array.isArray(value)) return { Result: '960', ResultExplanation: `Tag ${tag} sent more than once` };
    for (const field of ['PaymentAmount', 'PaymentCurrency', 'CompanyRef', 'RedirectURL', 'BackURL']) {
      if (!textOf(tr, field)) return { Result: '902', ResultExplanation: `Request missing transaction level mandatory fields - ${field}` };
    }
    if (!service || !textOf(service, 'ServiceType') || !textOf(service, 'ServiceDescription') || !textOf(service, 'ServiceDate')) {
      return { Result: '950', ResultExplanation: 'Request missing mandatory fields - Service' };
    }
    const amount = Number(textOf(tr, 'PaymentAmount'));
    if (!Number.isFinite(amount) || amount <= 0) return { Result: '902', ResultExplanation: 'Data mismatch in one of the fields - PaymentAmount' };
    const currency = textOf(tr, 'PaymentCurrency').toUpperCase();
    if (!CURRENCIES.includes(currency)) return { Result: '904', ResultExplanation: 'Currency not supported' };
    if (currency === 'MWK' && amount > MAX_AMOUNT) return { Result: '905', ResultExplanation: `Payment amount cannot exceed ${MAX_AMOUNT} ${currency}` };
    const companyRef = textOf(tr, 'CompanyRef');
    if (textOf(tr, 'CompanyRefUnique') === '1' && [...this.transactions.values()].some((t) => t.companyRef === companyRef && t.state === 'paid')) {
      return { Result: '940', ResultExplanation: 'CompanyREF already exists and paid' };
    }
    const ptl = Number(textOf(tr, 'PTL') || '96');
    const ptlMs = (textOf(tr, 'PTLtype') === 'minutes' ? 60_000 : 3_600_000) * (Number.isFinite(ptl) && ptl > 0 ? ptl : 96);
    const tx: SimulatedTransaction = {
      token: randomUUID().toUpperCase(),
      transRef: `R${randomBytes(4).toString('hex').toUpperCase()}`,
      companyRef,
      amount,
      currency,
      redirectUrl: textOf(tr, 'RedirectURL'),
      backUrl: textOf(tr, 'BackURL'),
      description: textOf(service, 'ServiceDescription'),
      customerName: `${textOf(tr, 'customerFirstName')} ${textOf(tr, 'customerLastName')}`.trim(),
      customerEmail: textOf(tr, 'customerEmail'),
      customerPhone: textOf(tr, 'customerPhone'),
      createdAt: Date.now(),
      ptlMs,
      state: 'pending',
      approval: null,
    };
    this.transactions.set(tx.token, tx);
    return { Result: '000', ResultExplanation: 'Transaction created', TransToken: tx.token, TransRef: tx.transRef };
  }

  private verifyToken(doc: XmlNode): XmlNode {
    const token = textOf(doc, 'TransactionToken');
    if (!token) return { Result: '950', ResultExplanation: 'Request missing mandatory fields - TransactionToken' };
    const tx = this.transactions.get(token);
    if (!tx) return { Result: '950', ResultExplanation: 'Transaction not found' };
    const common = {
      CustomerName: tx.customerName,
      CustomerCredit: tx.state === 'paid' ? '1111' : '',
      CustomerCreditType: tx.state === 'paid' ? 'Visa' : '',
      TransactionApproval: tx.approval ?? '',
      TransactionCurrency: tx.currency,
      TransactionAmount: tx.amount.toFixed(2),
      FraudAlert: '000',
      FraudExplnation: 'No Fraud detected',
      TransactionNetAmount: (tx.amount * 0.965).toFixed(2),
      CustomerPhone: tx.customerPhone,
      MobilePaymentRequest: 'Not sent',
      AccRef: '',
    };
    if (this.expired(tx)) return { Result: '903', ResultExplanation: 'The transaction passed the Payment Time Limit', ...common };
    switch (tx.state) {
      case 'paid':
        return { Result: '000', ResultExplanation: 'Transaction Paid', ...common };
      case 'declined':
        return { Result: '901', ResultExplanation: 'Transaction Declined', ...common };
      case 'cancelled':
        return { Result: '904', ResultExplanation: 'Transaction Cancelled', ...common };
      default:
        return { Result: '900', ResultExplanation: 'Transaction not paid yet', ...common };
    }
  }

  /**
   * The simulator's routes, to mount at the app root before CSRF protection (the API is
   * server-to-server XML and the page stands in for DPO's own site):
   * `POST {base}/API/v6/`, `GET {base}/payv2.php?ID=`, `POST {base}/payv2.php` (decision).
   */
  router(): Router {
    const router = Router();
    router.post(`${DPO_SIMULATOR_BASE}/API/v6`, express.text({ type: () => true, limit: '64kb' }), async (req, res) => {
      const fault = this.faults[0];
      if (fault && !fault.sticky) this.faults.shift();
      if (fault?.kind === 'timeout') await new Promise((r) => setTimeout(r, fault.ms));
      if (fault?.kind === 'non_xml') {
        res
          .status(fault.status ?? 500)
          .type('text/plain')
          .send(fault.body ?? 'Internal Server Error');
        return;
      }
      const xml =
        fault?.kind === 'result'
          ? buildApi3g({ Result: fault.code, ResultExplanation: fault.explanation })
          : this.handleApi(typeof req.body === 'string' ? req.body : '');
      res.type('application/xml').send(xml);
    });
    router.get(`${DPO_SIMULATOR_BASE}/payv2.php`, (req, res) => {
      const tx = this.transactions.get(String(req.query.ID ?? ''));
      res.setHeader('Cache-Control', 'no-store');
      if (!tx) {
        res
          .status(404)
          .type('html')
          .send(renderMessagePage('Transaction not found', 'This payment link is not valid. Please return to the merchant and try again.'));
        return;
      }
      if (tx.state !== 'pending' || this.expired(tx)) {
        const target = this.decide(tx.token, 'cancel');
        res.redirect(303, sameOriginOr(target, req));
        return;
      }
      res.type('html').send(renderPaymentPage(tx, `${DPO_SIMULATOR_BASE}/payv2.php`));
    });
    router.post(`${DPO_SIMULATOR_BASE}/payv2.php`, express.urlencoded({ extended: false }), (req, res) => {
      const body = req.body as Record<string, string | undefined>;
      const decision = body.decision === 'approve' ? 'approve' : body.decision === 'decline' ? 'decline' : 'cancel';
      const target = this.decide(String(body.ID ?? ''), decision);
      if (!target) {
        res.status(404).type('html').send(renderMessagePage('Transaction not found', 'This payment link is not valid.'));
        return;
      }
      res.redirect(303, sameOriginOr(target, req));
    });
    return router;
  }
}

/** `url` with query parameters appended (`?` or `&` as the URL needs). */
function appendQuery(url: string, params: Record<string, string>): string {
  const qs = new URLSearchParams(params).toString();
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

/**
 * The redirect target when it is on the origin the buyer is on (the simulator's page is served
 * by Gavel itself), else '/': a transaction's RedirectURL/BackURL can't send a buyer to another
 * site from Gavel's origin (no open redirect). Relative targets stay as they are.
 */
function sameOriginOr(target: string | null | undefined, req: express.Request): string {
  if (!target) return '/';
  try {
    const url = new URL(target, `${req.protocol}://${req.get('host')}`);
    return url.host === req.get('host') && (url.protocol === 'http:' || url.protocol === 'https:') ? url.toString() : '/';
  } catch {
    return '/';
  }
}
