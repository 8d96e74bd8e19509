import { Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { maskBidderName } from '@shared/rules/bidder-name';
import type { SiteSettingsView } from '@shared/schemas/site-settings.schema';
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
  const [vat, setVat] = useState<number | ''>('');

  useEffect(() => {
    getSiteSettings()
      .then((s) => {
        setSettings(s);
        setVat(s.vat_rate_percent);
      })
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

  const saveVat = async () => {
    if (vat === '' || vat === settings?.vat_rate_percent) return;
    setSaving(true);
    try {
      setSettings(await changeSiteSettings({ vat_rate_percent: Number(vat) }));
      notifySuccess(`VAT on the buyer's premium is now ${vat} %`);
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
        <Group align="flex-end" gap="sm">
          <NumberInput
            label="VAT on the buyer’s premium (%)"
            description="Charged on the premium (not the hammer price) in sale results and invoices."
            value={vat}
            onChange={(v) => setVat(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
            min={0}
            max={100}
            decimalScale={2}
            step={0.5}
            disabled={settings === null || saving}
            style={{ flex: 1, minWidth: 220 }}
            data-testid="vat-rate"
          />
          <Button onClick={() => void saveVat()} disabled={settings === null || saving || vat === '' || vat === settings?.vat_rate_percent}>
            Save
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
