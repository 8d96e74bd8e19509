import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { buildApi3g, parseApi3g, textOf } from '../../../server/dpo/dpo-xml.js';
import { DPO_SIMULATOR_BASE, DpoSimulator } from '../../../server/dpo-simulator/dpo-simulator.js';

const sim = () => new DpoSimulator({ companyToken: 'TOKEN' });
const create = (s: DpoSimulator, tx: Record<string, string>, token = 'TOKEN') =>
  parseApi3g(
    s.handleApi(
      buildApi3g({
        CompanyToken: token,
        Request: 'createToken',
        Transaction: {
          PaymentAmount: '15000.00',
          PaymentCurrency: 'MWK',
          CompanyRef: 'ORD-1',
          CompanyRefUnique: '1',
          RedirectURL: 'http://x/ok',
          BackURL: 'http://x/back',
          PTL: '1',
          PTLtype: 'hours',
          ...tx,
        },
        Services: { Service: { ServiceType: '5525', ServiceDescription: 'Gavel order ORD-1 & <friends>', ServiceDate: '2026/11/21 14:30' } },
      }),
    ),
  )!;
const verify = (s: DpoSimulator, token: string) =>
  parseApi3g(s.handleApi(buildApi3g({ CompanyToken: 'TOKEN', Request: 'verifyToken', TransactionToken: token })))!;

describe('DPO Pay simulator (providers/dpo-pay.md)', () => {
  it('when createToken is valid, then it answers 000 as a string with a token, and verifyToken follows the decision', () => {
    const s = sim();
    const r = create(s, {});
    expect(textOf(r, 'Result')).toBe('000');
    const token = textOf(r, 'TransToken');
    expect(s.transactions.get(token)!.description).toBe('Gavel order ORD-1 & <friends>');
    expect(textOf(verify(s, token), 'Result')).toBe('900');
    const target = s.decide(token, 'approve')!;
    expect(target).toMatch(/^http:\/\/x\/ok\?TransID=R[0-9A-F]+&CCDapproval=\d{6}&PnrID=ORD-1&TransactionToken=/);
    const v = verify(s, token);
    expect([textOf(v, 'Result'), textOf(v, 'TransactionAmount'), textOf(v, 'TransactionCurrency')]).toEqual(['000', '15000.00', 'MWK']);
  });

  it('when declined or cancelled, then verifyToken answers 901 or 904 and the buyer goes to BackURL', () => {
    const s = sim();
    const a = textOf(create(s, { CompanyRef: 'A' }), 'TransToken');
    const b = textOf(create(s, { CompanyRef: 'B' }), 'TransToken');
    expect(s.decide(a, 'decline')).toMatch(/^http:\/\/x\/back\?TransactionToken=.*&CompanyRef=A$/);
    s.decide(b, 'cancel');
    expect(textOf(verify(s, a), 'Result')).toBe('901');
    expect(textOf(verify(s, b), 'Result')).toBe('904');
  });

  it('answers the documented error codes', () => {
    const s = sim();
    expect(textOf(create(s, {}, 'WRONG'), 'Result')).toBe('802');
    expect(textOf(create(s, { PaymentCurrency: 'XYZ' }), 'Result')).toBe('904');
    expect(textOf(create(s, { PaymentAmount: '1000000.00' }), 'Result')).toBe('905');
    expect(textOf(create(s, { RedirectURL: '' }), 'Result')).toBe('902');
    expect(textOf(parseApi3g(s.handleApi('<API3G><CompanyToken>TOKEN</CompanyToken><Request>nope</Request></API3G>'))!, 'Result')).toBe('803');
    expect(textOf(parseApi3g(s.handleApi('not xml'))!, 'Result')).toBe('804');
    expect(
      textOf(parseApi3g(s.handleApi('<API3G><CompanyToken>TOKEN</CompanyToken><Request>verifyToken</Request><Request>x</Request></API3G>'))!, 'Result'),
    ).toBe('960');
    const paid = textOf(create(s, { CompanyRef: 'PAID' }), 'TransToken');
    s.decide(paid, 'approve');
    expect(textOf(create(s, { CompanyRef: 'PAID' }), 'Result')).toBe('940');
  });
});

describe("the simulator's payment page sends buyers back only to the site they are on", () => {
  it("when a transaction names a foreign RedirectURL or BackURL, then the page redirects to / instead (no open redirect on Gavel's origin); its own origin is kept", async () => {
    const s = sim();
    const app = express();
    app.use(s.router());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const decide = async (token: string, decision: string) => {
      const res = await fetch(`${origin}${DPO_SIMULATOR_BASE}/payv2.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ID: token, decision }).toString(),
        redirect: 'manual',
      });
      return res.headers.get('location');
    };
    try {
      const foreign = textOf(create(s, { CompanyRef: 'F', RedirectURL: 'https://evil.example/steal', BackURL: 'https://evil.example/back' }), 'TransToken');
      expect(await decide(foreign, 'approve')).toBe('/');
      const foreignBack = textOf(create(s, { CompanyRef: 'G', BackURL: '//evil.example/back' }), 'TransToken');
      expect(await decide(foreignBack, 'cancel')).toBe('/');
      const own = textOf(create(s, { CompanyRef: 'H', RedirectURL: `${origin}/payment-success` }), 'TransToken');
      expect(await decide(own, 'approve')).toMatch(new RegExp(`^${origin}/payment-success\\?TransID=`));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
