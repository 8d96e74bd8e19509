import { Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { maskBidderName } from '@shared/rules/bidder-name';
import type { SiteSettingsPatch, SiteSettingsView } from '@shared/schemas/site-settings.schema';
import { HistoryLink } from '../../../components/history-link';
import { auditHref } from '../../../lib/audit-links';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { changeSiteSettings, getSiteSettings } from '../api/settings-api';

/**
 * /admin/settings: site settings operators switch. "Mask bidders' names": bid histories and live
 * bids show others a shortened name with the bidder's number on the lot; bidders see their own
 * name and operators every name in full. Each change is recorded in the audit trail.
 * Source: issue 20 item 8.
 */
export function SettingsAdmin() {
  const [settings, setSettings] = useState<SiteSettingsView | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    getSiteSettings()
      .then(setSettings)
      .catch(() => notifyError('Failed to load the settings'));
  }, []);

  const setMasking = async (on: boolean) => {
    setSaving(true);
    try {
      setSettings(await changeSiteSettings({ mask_bidder_names: on }));
      notifySuccess(on ? 'Bidder names are now masked to other visitors' : 'Bidder names are now shown in full');
    } catch {
      notifyError('Failed to save the setting');
    } finally {
      setSaving(false);
    }
  };

  const saveNumber = async (patch: SiteSettingsPatch, done: string) => {
    setSaving(true);
    try {
      setSettings(await changeSiteSettings(patch));
      notifySuccess(done);
    } catch (err) {
      notifyError(err instanceof ApiError ? err.message : 'Failed to save the setting');
    } finally {
      setSaving(false);
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
      <Card withBorder radius="lg" padding="lg" maw={720}>
        <Stack gap="sm">
          <Switch
            size="md"
            label="Mask bidders’ names in bid histories"
            description={`Other visitors see “${maskBidderName('Chikondi Banda', 3)}” instead of “Chikondi Banda”. Bidders always see their own name, operators every name. Off: names are shown in full.`}
            checked={settings?.mask_bidder_names ?? false}
            disabled={settings === null || saving}
            onChange={(e) => void setMasking(e.currentTarget.checked)}
            data-testid="mask-bidder-names"
          />
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg" maw={720}>
        <Stack gap="lg">
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
        </Stack>
      </Card>
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
