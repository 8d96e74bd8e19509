import { Anchor, Button, Card, Group, NumberInput, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AuctioneerContact } from '@shared/schemas/auctioneer-contact.schema';
import { maskBidderName } from '@shared/rules/bidder-name';
import type { SiteSettingsPatch, SiteSettingsView } from '@shared/schemas/site-settings.schema';
import { HistoryLink } from '../../../components/history-link';
import { auditHref } from '../../../lib/audit-links';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useReadFailureNotice } from '../../../lib/query-failure';
import { NEWSLETTER_SUBSCRIBERS_CSV, siteSettingsQuery, useChangeSiteSettings } from '../api/settings-api';
import { AuctioneerContactForm } from './auctioneer-contact-form';

/** One group of settings: a card with its heading and a line on what the group is for. */
function SettingsSection(props: { title: string; description: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={props.title} data-testid={props.testId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {props.title}
          </Title>
          <Text size="sm" c="dimmed">
            {props.description}
          </Text>
        </div>
        {props.children}
      </Stack>
    </Card>
  );
}

/**
 * /admin/settings: site settings operators change without a deploy. "Mask bidders' names": bid
 * histories and live bids show others a shortened name with the bidder's number on the lot;
 * bidders see their own name and operators every name in full. The soft close, the cash-on-delivery
 * hold, the VAT rate and days to pay, the auctioneer's contact details and office hours (About
 * page, footer, invoices), and the newsletter subscribers as CSV. Each change is recorded in the
 * audit trail. The bid increment and its bands are on the Bidding screen.
 * Source: issue 20 item 8; issue 13 "Settlement and results".
 */
export function SettingsAdmin() {
  const { data, error } = useQuery(siteSettingsQuery());
  useReadFailureNotice(error, 'Failed to load the settings');
  const settings: SiteSettingsView | null = data ?? null;
  const change = useChangeSiteSettings();
  const saving = change.isPending;

  const setMasking = async (on: boolean) => {
    try {
      await change.mutateAsync({ mask_bidder_names: on });
      notifySuccess(on ? 'Bidder names are now masked to other visitors' : 'Bidder names are now shown in full');
    } catch {
      notifyError('Failed to save the setting');
    }
  };

  const saveContact = async (contact: AuctioneerContact): Promise<Record<string, string[]> | undefined> => {
    try {
      await change.mutateAsync({ auctioneer_contact: contact });
      notifySuccess('Contact details and office hours saved: the About page and the footer show them');
      return undefined;
    } catch (err) {
      notifyError(err instanceof ApiError ? err.message : 'Failed to save the contact details');
      return err instanceof ApiError ? err.body?.errors : undefined;
    }
  };

  const saveNumber = async (patch: SiteSettingsPatch, done: string) => {
    try {
      await change.mutateAsync(patch);
      notifySuccess(done);
    } catch (err) {
      notifyError(err instanceof ApiError ? err.message : 'Failed to save the setting');
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Settings
          </Title>
          <Text c="dimmed">How the site behaves for visitors.</Text>
        </div>
        <HistoryLink to={auditHref({ type: 'setting.changed' })} label="History" title="Audit trail of setting changes" />
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" maw={{ base: 720, lg: 1440 }} style={{ alignItems: 'start' }}>
        <Stack gap="lg">
          <SettingsSection title="Bidding" description="How online lots take bids and close.">
            <Switch
              size="md"
              label="Mask bidders’ names in bid histories"
              description={`Other visitors see “${maskBidderName('Chikondi Banda', 3)}” instead of “Chikondi Banda”. Bidders always see their own name, operators every name. Off: names are shown in full.`}
              checked={settings?.mask_bidder_names ?? false}
              disabled={settings === null || saving}
              onChange={(e) => void setMasking(e.currentTarget.checked)}
              data-testid="mask-bidder-names"
            />
            <NumberSetting
              label="Soft close (minutes)"
              description="A bid in the last minutes of an online lot moves its close to that many minutes after the bid, so nobody wins by sniping. 0 turns it off. A sale may set its own."
              saved={settings?.soft_close_minutes}
              decimals={0}
              step={1}
              max={60}
              busy={settings === null || saving}
              onSave={(v) =>
                void saveNumber(
                  { soft_close_minutes: v },
                  v === 0
                    ? 'Soft close is off: lots close on time whatever the late bids'
                    : `A late bid now keeps a lot open ${v} ${v === 1 ? 'minute' : 'minutes'} more`,
                )
              }
              testId="soft-close-minutes"
            />
            <Text size="sm" c="dimmed">
              The bid increment and its bands are set on the{' '}
              <Anchor component={Link} to="/admin/bidding" size="sm">
                Bidding
              </Anchor>{' '}
              screen.
            </Text>
          </SettingsSection>
          <SettingsSection title="Checkout" description="Daily-sale orders paid in cash on delivery.">
            <NumberSetting
              label="Cash-on-delivery hold (hours)"
              description="How long a cash-on-delivery order keeps its items from other buyers; unpaid orders are then cancelled and the items go back on sale. Orders already placed keep their time."
              saved={settings?.cod_reservation_hours}
              decimals={0}
              step={1}
              min={1}
              max={336}
              busy={settings === null || saving}
              onSave={(v) => void saveNumber({ cod_reservation_hours: v }, `New cash-on-delivery orders are now held ${v} ${v === 1 ? 'hour' : 'hours'}`)}
              testId="cod-reservation-hours"
            />
          </SettingsSection>
          <SettingsSection title="Invoices" description="What a buyer owes after a sale, and by when.">
            <NumberSetting
              label="VAT on the buyer’s premium (%)"
              description="Charged on the premium (not the hammer price) in sale results and invoices."
              saved={settings?.vat_rate_percent}
              decimals={2}
              step={0.5}
              max={100}
              busy={settings === null || saving}
              onSave={(v) => void saveNumber({ vat_rate_percent: v }, `VAT on the buyer's premium is now ${v} %`)}
              testId="vat-rate"
            />
            <NumberSetting
              label="Days to pay an invoice"
              description="The payment deadline printed on a buyer's invoice, counted from the close of their last lot in the sale."
              saved={settings?.payment_due_days}
              decimals={0}
              step={1}
              min={1}
              max={60}
              busy={settings === null || saving}
              onSave={(v) => void saveNumber({ payment_due_days: v }, `Invoices are now due ${v} ${v === 1 ? 'day' : 'days'} after the close`)}
              testId="payment-due-days"
            />
          </SettingsSection>
        </Stack>
        <Stack gap="lg">
          <SettingsSection
            title="Contact details and office hours"
            description="Shown on the About page, in the footer and on invoices."
            testId="contact-settings"
          >
            <AuctioneerContactForm saved={settings?.auctioneer_contact} busy={settings === null || saving} onSave={saveContact} />
          </SettingsSection>
          <SettingsSection
            title="Newsletter"
            description="Everyone still subscribed through the footer form, oldest first: email, name, date and the page they signed up on."
          >
            <Group>
              <Button
                component="a"
                href={NEWSLETTER_SUBSCRIBERS_CSV}
                download
                variant="light"
                leftSection={<IconDownload size={16} />}
                data-testid="newsletter-csv"
              >
                Download subscribers (CSV)
              </Button>
            </Group>
          </SettingsSection>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

/** One numeric setting: its field (showing the saved value until edited) and a Save button enabled once it differs. */
function NumberSetting(props: {
  label: string;
  description: string;
  saved: number | undefined;
  decimals: number;
  step: number;
  min?: number;
  max: number;
  busy: boolean;
  onSave: (value: number) => void;
  testId: string;
}) {
  const [draft, setDraft] = useState<number | '' | null>(null);
  const value = draft ?? props.saved ?? '';
  const changed = value !== '' && value !== props.saved;
  return (
    <Group align="flex-end" gap="sm">
      <NumberInput
        label={props.label}
        description={props.description}
        value={value}
        onChange={(v) => setDraft(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
        min={props.min ?? 0}
        max={props.max}
        decimalScale={props.decimals}
        allowDecimal={props.decimals > 0}
        step={props.step}
        disabled={props.busy}
        style={{ flex: 1, minWidth: 220 }}
        data-testid={props.testId}
      />
      <Button
        onClick={() => {
          if (!changed) return;
          props.onSave(Number(value));
          setDraft(null);
        }}
        disabled={props.busy || !changed}
        aria-label={`Save: ${props.label}`}
      >
        Save
      </Button>
    </Group>
  );
}
