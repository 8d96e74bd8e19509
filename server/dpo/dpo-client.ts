import { buildApi3g, parseApi3g, textOf, type XmlNode } from './dpo-xml.js';

/** How to reach DPO Pay (or the local simulator). Source: providers/dpo-pay.md "Endpoints". */
export interface DpoClientOptions {
  /** API endpoint (`…/API/v6/`), or a function giving it at call time (the simulator's port is known only after listen). */
  apiUrl: string | (() => string);
  /** Buyer's payment page, `?ID={TransToken}` is appended (may be a same-origin path for the simulator). */
  payUrl: string;
  companyToken: string;
  serviceType: string;
  /** Abort a call after this many ms (default 15 000). */
  timeoutMs?: number;
}

/** What createToken needs. Amounts are MWK (or `currency`) with up to 2 decimals. */
export interface CreateTokenInput {
  amount: number;
  currency: string;
  companyRef: string;
  redirectUrl: string;
  backUrl: string;
  /** Payment time limit in hours (PTL). */
  ptlHours: number;
  customer: { email: string; firstName: string; lastName: string; phone: string };
  description: string;
  serviceDate: Date;
}

/** createToken answer with Result 000. */
export interface CreatedToken {
  transToken: string;
  transRef: string;
  result: string;
  explanation: string;
}

/** verifyToken answer (every Result, including errors). Source: providers/dpo-pay.md "verifyToken". */
export interface VerifiedToken {
  result: string;
  explanation: string;
  approval: string;
  currency: string;
  amount: number | null;
  customerName: string;
  fraudAlert: string;
}

/**
 * A failed DPO call: `kind` 'rejected' (a Result other than 000, in `result`), 'network'
 * (unreachable or timed out), 'bad_response' (not XML, or an HTTP error status).
 */
export class DpoError extends Error {
  constructor(
    readonly kind: 'rejected' | 'network' | 'bad_response',
    message: string,
    readonly result?: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'DpoError';
  }
}

/** `2026/11/21 14:30` in Africa/Blantyre time (DPO's ServiceDate format). */
function serviceDate(d: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Blantyre',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('year')}/${get('month')}/${get('day')} ${get('hour')}:${get('minute')}`;
}

/**
 * DPO Pay API v6 client: createToken, verifyToken, and the buyer's payment URL. XML is built and
 * parsed with fast-xml-parser (values escaped; `parseTagValue` off). Never call it inside a
 * database transaction. Source: providers/dpo-pay.md.
 */
export class DpoClient {
  constructor(private readonly opts: DpoClientOptions) {}

  /** The page the buyer is sent to: `{payUrl}?ID={token}`. */
  paymentUrl(transToken: string): string {
    return `${this.opts.payUrl}${this.opts.payUrl.includes('?') ? '&' : '?'}ID=${encodeURIComponent(transToken)}`;
  }

  private async call(xml: string): Promise<XmlNode> {
    const url = typeof this.opts.apiUrl === 'function' ? this.opts.apiUrl() : this.opts.apiUrl;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/xml', Accept: 'application/xml' },
        body: xml,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new DpoError('network', `DPO Pay unreachable: ${(err as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    const doc = parseApi3g(text);
    if (!doc) throw new DpoError('bad_response', `DPO Pay answered ${res.status} without XML: ${text.slice(0, 200)}`, undefined, res.status);
    return doc;
  }

  /**
   * createToken. Resolves with the token and reference on Result 000.
   * @throws DpoError 'rejected' (with the Result code and explanation), 'network' or 'bad_response'.
   */
  async createToken(input: CreateTokenInput): Promise<CreatedToken> {
    const xml = buildApi3g({
      CompanyToken: this.opts.companyToken,
      Request: 'createToken',
      Transaction: {
        PaymentAmount: input.amount.toFixed(2),
        PaymentCurrency: input.currency,
        CompanyRef: input.companyRef,
        CompanyRefUnique: '1',
        RedirectURL: input.redirectUrl,
        BackURL: input.backUrl,
        PTL: String(input.ptlHours),
        PTLtype: 'hours',
        customerEmail: input.customer.email,
        customerFirstName: input.customer.firstName,
        customerLastName: input.customer.lastName,
        customerPhone: input.customer.phone,
      },
      Services: {
        Service: {
          ServiceType: this.opts.serviceType,
          ServiceDescription: input.description,
          ServiceDate: serviceDate(input.serviceDate),
        },
      },
    });
    const doc = await this.call(xml);
    const result = textOf(doc, 'Result');
    const explanation = textOf(doc, 'ResultExplanation');
    const transToken = textOf(doc, 'TransToken');
    if (result !== '000' || !transToken) throw new DpoError('rejected', explanation || `createToken Result ${result || 'missing'}`, result || undefined);
    return { transToken, transRef: textOf(doc, 'TransRef'), result, explanation };
  }

  /**
   * verifyToken for a stored transaction token. Resolves with every Result (000 paid, 900 not
   * yet, 901/903/904 not paid…); the caller decides.
   * @throws DpoError 'network' or 'bad_response'.
   */
  async verifyToken(transToken: string): Promise<VerifiedToken> {
    const doc = await this.call(buildApi3g({ CompanyToken: this.opts.companyToken, Request: 'verifyToken', TransactionToken: transToken }));
    const amount = Number(textOf(doc, 'TransactionAmount'));
    return {
      result: textOf(doc, 'Result'),
      explanation: textOf(doc, 'ResultExplanation'),
      approval: textOf(doc, 'TransactionApproval'),
      currency: textOf(doc, 'TransactionCurrency'),
      amount: textOf(doc, 'TransactionAmount') && Number.isFinite(amount) ? amount : null,
      customerName: textOf(doc, 'CustomerName'),
      fraudAlert: textOf(doc, 'FraudAlert'),
    };
  }
}
