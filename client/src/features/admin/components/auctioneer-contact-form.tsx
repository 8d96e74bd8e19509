import { Button, Group, Input, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { auctioneerContactSchema, officeHoursLine, type AuctioneerContact } from '@shared/schemas/auctioneer-contact.schema';

type Field = keyof AuctioneerContact;
type Draft = Record<Field, string>;

const toDraft = (c: AuctioneerContact): Draft => ({ ...c, postal_address: c.postal_address ?? '' });

/** A form's text fields as the setting (an empty postal address is none). */
const fromDraft = (d: Draft) => ({ ...d, postal_address: d.postal_address.trim() ? d.postal_address : null });

/** Field errors of a zod issue list or a 422 body (`auctioneer_contact.email` → `email`). */
export function contactFieldErrors(errors: Record<string, string[]> | undefined): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const field = key.replace(/^auctioneer_contact\.?/, '') as Field;
    if (messages[0]) out[field || 'company_name'] ??= messages[0];
  }
  return out;
}

/**
 * The auctioneer's contact details and office hours on the Settings screen: company name, office
 * and postal address, phone, email, and the hours Monday to Friday, Saturday and Sunday (24-hour
 * clock or "Closed"). Checked with the shared schema before sending; the server's 422 messages
 * show under their fields. `onSave` resolves with the server's field errors (empty when saved).
 * Source: issue 13 "Settlement and results".
 */
export function AuctioneerContactForm(props: {
  saved: AuctioneerContact | undefined;
  busy: boolean;
  onSave: (contact: AuctioneerContact) => Promise<Record<string, string[]> | undefined>;
}) {
  const { saved } = props;
  const [draft, setDraft] = useState<Draft | null>(saved ? toDraft(saved) : null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  useEffect(() => {
    if (saved) setDraft(toDraft(saved));
  }, [saved]);

  const changed = !!draft && !!saved && JSON.stringify(fromDraft(draft)) !== JSON.stringify(saved);
  const field = (name: Field) => ({
    value: draft?.[name] ?? '',
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = e.currentTarget.value;
      setDraft((d) => (d ? { ...d, [name]: value } : d));
      setErrors((er) => ({ ...er, [name]: undefined }));
    },
    error: errors[name],
    disabled: props.busy || !draft,
    'data-testid': `contact-${name.replace(/_/g, '-')}`,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const parsed = auctioneerContactSchema.safeParse(fromDraft(draft));
    if (!parsed.success) {
      const found: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (found[issue.path.join('.')] ??= []).push(issue.message);
      setErrors(contactFieldErrors(found));
      return;
    }
    setErrors(contactFieldErrors(await props.onSave(parsed.data)));
  };

  const hoursPreview = draft ? officeHoursPreview(draft) : null;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="auctioneer-contact-form">
      <Stack gap="sm">
        <TextInput label="Company name" description="As printed on invoices and in the footer." maxLength={120} {...field('company_name')} />
        <Textarea
          label="Office address"
          description="Where buyers come to pay and collect."
          autosize
          minRows={2}
          maxLength={300}
          {...field('physical_address')}
        />
        <TextInput label="Postal address" description="Optional, e.g. P.O. Box 1234, Blantyre." maxLength={200} {...field('postal_address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Phone" type="tel" autoComplete="off" maxLength={30} {...field('phone')} />
          <TextInput label="Email" type="email" autoComplete="off" maxLength={254} {...field('email')} />
        </SimpleGrid>
        <div>
          <Input.Label>Office hours</Input.Label>
          <Input.Description>24-hour clock, e.g. 08:00 - 17:00; two ranges as 08:00 - 12:00, 13:00 - 17:00; or Closed.</Input.Description>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="Monday - Friday" maxLength={40} {...field('hours_weekdays')} />
          <TextInput label="Saturday" maxLength={40} {...field('hours_saturday')} />
          <TextInput label="Sunday" maxLength={40} {...field('hours_sunday')} />
        </SimpleGrid>
        {hoursPreview && (
          <Text size="xs" c="dimmed" data-testid="contact-hours-preview">
            Footer: {hoursPreview}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={props.busy || !changed} onClick={() => saved && (setDraft(toDraft(saved)), setErrors({}))}>
            Undo changes
          </Button>
          <Button type="submit" disabled={props.busy || !changed} aria-label="Save: contact details and office hours">
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The footer's one-line hours for what is typed, when every line reads as hours (else null). */
function officeHoursPreview(draft: Draft): string | null {
  const { hours_weekdays, hours_saturday, hours_sunday } = draft;
  const parsed = auctioneerContactSchema
    .pick({ hours_weekdays: true, hours_saturday: true, hours_sunday: true })
    .safeParse({ hours_weekdays, hours_saturday, hours_sunday });
  return parsed.success ? officeHoursLine(parsed.data) : null;
}
