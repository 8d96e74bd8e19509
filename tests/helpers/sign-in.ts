import type { Page } from 'playwright-core';

/**
 * Signs a browser page in through the /login page as a person would (email, password, Sign in),
 * waiting for 'Login successful! Redirecting...' and the redirect to `/`.
 */
export async function signInThroughLoginPage(page: Page, baseUrl: string, email: string, password = 'password'): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email', { exact: false }).first().fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Login successful! Redirecting...').waitFor();
  await page.waitForURL(`${baseUrl}/`);
}
