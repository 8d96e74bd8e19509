import type { SimulatedTransaction } from './dpo-simulator.js';

/** Escapes text for HTML. */
function esc(v: string): string {
  return v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:linear-gradient(160deg,#0b2545 0%,#13315c 55%,#1d4e89 100%);min-height:100vh;color:#1b2430;display:flex;align-items:flex-start;justify-content:center;padding:32px 16px}
.card{width:100%;max-width:460px;background:#fff;border-radius:16px;box-shadow:0 20px 50px rgba(0,0,0,.35);overflow:hidden}
.head{background:#f4f7fb;padding:18px 24px;border-bottom:1px solid #e3e8ef;display:flex;align-items:center;justify-content:space-between;gap:12px}
.brand{font-weight:800;font-size:18px;letter-spacing:.3px;color:#0b2545}.brand span{color:#e4572e}
.sandbox{font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.6px;background:#fff3cd;color:#7a5b00;border:1px solid #f0d78c;padding:4px 8px;border-radius:999px}
.body{padding:24px}
.merchant{font-size:13px;color:#5b6b7f;margin:0 0 4px}
.amount{font-size:34px;font-weight:800;margin:0 0 4px;color:#0b2545}
.ref{font-family:ui-monospace,Menlo,monospace;font-size:13px;color:#5b6b7f;margin:0 0 20px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 22px;font-size:14px}dt{color:#5b6b7f}dd{margin:0;text-align:right;word-break:break-word}
fieldset{border:1px solid #e3e8ef;border-radius:12px;padding:12px 14px;margin:0 0 20px}legend{font-size:13px;font-weight:700;color:#0b2545;padding:0 6px}
label.opt{display:flex;align-items:center;gap:10px;padding:8px 4px;font-size:14px;cursor:pointer}
.btn{display:block;width:100%;border:0;border-radius:10px;padding:14px 16px;font-size:16px;font-weight:700;cursor:pointer;margin-top:10px}
.pay{background:#1a7f37;color:#fff}.pay:hover{background:#156d2f}
.decline{background:#fff;color:#b42318;border:1px solid #f1b5ae}.decline:hover{background:#fff4f2}
.cancel{background:transparent;color:#5b6b7f;font-weight:600;font-size:14px;padding:10px}
.foot{padding:14px 24px;font-size:12px;color:#7b8a9c;background:#f9fbfd;border-top:1px solid #eef2f6;text-align:center}
h1{font-size:22px;margin:0 0 8px;color:#0b2545}p.msg{color:#5b6b7f;line-height:1.5}
`;

function shell(title: string, inner: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main class="card">${inner}</main></body></html>`;
}

/** A simple page with a title and a message (unknown or finished transactions). */
export function renderMessagePage(title: string, message: string): string {
  return shell(
    title,
    `<div class="head"><div class="brand">DPO<span>Pay</span></div><div class="sandbox">Simulator</div></div><div class="body"><h1>${esc(title)}</h1><p class="msg">${esc(message)}</p></div>`,
  );
}

/**
 * The simulator's payment page: merchant, amount, reference, customer, a choice of method
 * (for show) and the buttons Pay now / Decline payment / Cancel and return to merchant, each a
 * form POST to `action` with the transaction token.
 */
export function renderPaymentPage(tx: SimulatedTransaction, action: string): string {
  const amount = `${tx.currency} ${tx.amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const form = (decision: string, cls: string, label: string, testid: string) =>
    `<form method="post" action="${esc(action)}"><input type="hidden" name="ID" value="${esc(tx.token)}"><input type="hidden" name="decision" value="${decision}"><button class="btn ${cls}" type="submit" data-testid="${testid}">${label}</button></form>`;
  return shell(
    'DPO Pay - Secure payment',
    `<div class="head"><div class="brand">DPO<span>Pay</span></div><div class="sandbox">Simulator</div></div>
<div class="body">
<p class="merchant">Pay Gavel Auctions</p>
<p class="amount" data-testid="sim-amount">${esc(amount)}</p>
<p class="ref">Ref ${esc(tx.companyRef)}</p>
<dl>
<dt>Description</dt><dd>${esc(tx.description)}</dd>
<dt>Customer</dt><dd>${esc(tx.customerName || '—')}</dd>
<dt>Email</dt><dd>${esc(tx.customerEmail || '—')}</dd>
<dt>Transaction</dt><dd>${esc(tx.transRef)}</dd>
</dl>
<fieldset><legend>Payment method</legend>
<label class="opt"><input type="radio" name="m" checked> Card (Visa, Mastercard)</label>
<label class="opt"><input type="radio" name="m"> Airtel Money</label>
<label class="opt"><input type="radio" name="m"> TNM Mpamba</label>
</fieldset>
${form('approve', 'pay', `Pay ${esc(amount)}`, 'sim-approve')}
${form('decline', 'decline', 'Decline payment', 'sim-decline')}
${form('cancel', 'cancel', 'Cancel and return to merchant', 'sim-cancel')}
</div>
<div class="foot">Local DPO Pay simulator — no money moves. Approving marks the transaction paid for verifyToken.</div>`,
  );
}
