import type { Config } from '../config.js';
import { DPO_SIMULATOR_BASE, DpoSimulator, SIMULATOR_COMPANY_TOKEN, SIMULATOR_SERVICE_TYPE } from '../dpo-simulator/dpo-simulator.js';
import { DpoClient } from './dpo-client.js';

/** Live DPO Pay payment page, used when `DPO_API_URL` is set without `DPO_PAY_URL`. */
export const DPO_LIVE_PAY_URL = 'https://secure.3gdirectpay.com/payv2.php';

/** The DPO client of a process, and the simulator when it is the payment endpoint. */
export interface DpoSetup {
  client: DpoClient;
  simulator: DpoSimulator | null;
}

/**
 * Builds the DPO Pay client from configuration: `DPO_API_URL`, `DPO_PAY_URL`,
 * `DPO_COMPANY_TOKEN`, `DPO_SERVICE_TYPE`. Without `DPO_API_URL` (embedded default, tests) the
 * local simulator is the endpoint: its API is reached at `selfUrl() + /dpo-simulator/API/v6/`
 * (the server's own address, known after listen) and buyers go to the same-origin path
 * `/dpo-simulator/payv2.php`.
 * @throws Error when `DPO_API_URL` is set without `DPO_COMPANY_TOKEN` or `DPO_SERVICE_TYPE`.
 * Source: providers/dpo-pay.md "Endpoints", "The local simulator".
 */
export function createDpoSetup(
  config: Pick<Config, 'DPO_API_URL' | 'DPO_PAY_URL' | 'DPO_COMPANY_TOKEN' | 'DPO_SERVICE_TYPE'>,
  selfUrl: () => string,
): DpoSetup {
  if (config.DPO_API_URL) {
    if (!config.DPO_COMPANY_TOKEN || !config.DPO_SERVICE_TYPE) throw new Error('DPO_API_URL needs DPO_COMPANY_TOKEN and DPO_SERVICE_TYPE');
    return {
      client: new DpoClient({
        apiUrl: config.DPO_API_URL,
        payUrl: config.DPO_PAY_URL ?? DPO_LIVE_PAY_URL,
        companyToken: config.DPO_COMPANY_TOKEN,
        serviceType: config.DPO_SERVICE_TYPE,
      }),
      simulator: null,
    };
  }
  const companyToken = config.DPO_COMPANY_TOKEN ?? SIMULATOR_COMPANY_TOKEN;
  return {
    client: new DpoClient({
      apiUrl: () => `${selfUrl().replace(/\/$/, '')}${DPO_SIMULATOR_BASE}/API/v6/`,
      payUrl: `${DPO_SIMULATOR_BASE}/payv2.php`,
      companyToken,
      serviceType: config.DPO_SERVICE_TYPE ?? SIMULATOR_SERVICE_TYPE,
      timeoutMs: 10_000,
    }),
    simulator: new DpoSimulator({ companyToken }),
  };
}
